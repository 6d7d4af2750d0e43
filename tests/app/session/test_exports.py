"""What the student saves of a run (game/app/session/exports.py): file names, the run as CSV, the banner's word."""

from __future__ import annotations

import csv

from game.app.files.userdirs import user_folders


def test_the_run_exports_as_csv_where_the_banner_says(session, tmp_path, spanish):
    session.exports.folder = tmp_path
    session.clock.run(10)
    session.sim.set_conditions([0.5, 0.5], [0, 0])
    session.clock.run(5)
    session.act("export_csv")
    (path,) = tmp_path.glob("*.csv")
    assert path.name.startswith("cenm-pendulo-doble-corrida-") and str(path) in session.banner.text
    rows = list(csv.reader(path.open(encoding="utf-8")))
    assert rows[0] == [*session.sim.sample_names(), "run"]
    assert len(rows) == 1 + 11 + 6 and [r[-1] for r in rows[1:]] == ["1"] * 11 + ["2"] * 6
    assert [float(v) for v in rows[-1][:3]] == [session.sim.t, *session.sim.q]



def test_an_export_that_cannot_be_written_says_why(session, tmp_path, spanish):
    (tmp_path / "a file").write_text("")
    session.exports.folder = tmp_path / "a file" / "exports"  # a folder that cannot be made
    session.act("export_csv")
    assert session.banner.text.startswith("No se pudo guardar")



def test_each_export_gets_a_new_name_in_its_folder(session, tmp_path):
    exports = session.exports
    assert exports.folder is None and exports.path("run", ".csv").parent == user_folders().documents
    assert exports.path("view", ".png").parent == user_folders().pictures
    exports.folder = tmp_path
    first = exports.path("view", ".png")
    assert first.name.startswith("cenm-double-pendulum-view-") and first.suffix == ".png"
    first.write_bytes(b"")
    second = exports.path("view", ".png")
    assert second != first and second.stem.startswith(first.stem)  # same second: "-2"
    exports.tell(second)
    assert session.banner.kind == "done" and str(second) in session.banner.text
    exports.tell(None, "disk full")
    assert session.banner.kind == "problem" and session.banner.text == "Could not save: disk full"
