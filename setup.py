"""Build hook: a wheel carries models.xml, models/, assets/ and docs/ as game/_data.

They stay at the top of the repository, where a checkout and an editable install
(`pip install -e .`) use them directly; a regular install (`pip install .`) finds its copy
inside the package (see game/app/files/paths.py). Everything else is in pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = ("models.xml", "models", "assets", "docs")


class build_py_with_data(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # the checkout's own files are used
        target = Path(self.build_lib, "game", "_data")
        shutil.rmtree(target, ignore_errors=True)  # no leftovers from an earlier build
        target.mkdir(parents=True)
        for name in DATA:
            source = HERE / name
            if source.is_dir():
                shutil.copytree(source, target / name, ignore=shutil.ignore_patterns(".*", "__pycache__"))
            else:
                shutil.copy2(source, target / name)


setup(cmdclass={"build_py": build_py_with_data})
