"""setuptools' scratch folders outside the source tree; everything else about the package is in pyproject.toml.

Without this, ``pip wheel .`` and ``python -m build`` leave ``build/`` and a rewritten ``xlbridge.egg-info/`` in
the checkout. Here both go to a temporary folder, removed when the build process ends. (``python -m build`` still
makes setuptools' ``xlbridge-<version>/`` release folder in the tree for a moment while it writes the sdist, and
removes it.)
"""

import atexit
import shutil
import tempfile

from setuptools import setup

scratch = tempfile.mkdtemp(prefix="xlbridge-build-")
atexit.register(shutil.rmtree, scratch, ignore_errors=True)

setup(options={"build": {"build_base": f"{scratch}/build"}, "egg_info": {"egg_base": scratch}})
