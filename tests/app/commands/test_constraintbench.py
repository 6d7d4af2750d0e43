"""``bench --constraints``: each constrained shipped model against the same motion written without
its constraint, by the real command line; both must move alike, or the ratio means nothing."""

from __future__ import annotations


def test_bench_constraints_times_each_model_against_its_free_form(run):
    r = run("bench", "--constraints", "--quick")
    assert r.returncode == 0, r.stderr
    rows = {ln.split()[0]: ln.split()[1:] for ln in r.stdout.splitlines()
            if ln.split() and ln.split()[0] in ("maquina_atwood", "disco_rodando")}
    assert set(rows) == {"maquina_atwood", "disco_rodando"}
    for constrained, free, ratio, apart in rows.values():
        c, f = float(constrained.replace(",", "")), float(free.replace(",", ""))
        assert c > 1000 and f > 1000
        assert abs(float(ratio.rstrip("×")) - f / c) < 0.01
        assert float(apart) < 1e-9  # the constrained model and its free form move alike
