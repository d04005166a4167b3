"""Sphinx settings of the course's website (make site; tools/site.py lays out the pages).

The one setting an instructor changes is JUPYTERHUB_URL: the address of the
course's JupyterHub, named in the banner of every lecture. Left empty, the
banner names only `make lab`.
"""

from __future__ import annotations

import sys
from pathlib import Path

# The course's JupyterHub, such as "https://hub.example.edu/": each lecture's banner
# links to it. An instructor sets it here, once; empty, the banner says `make lab` only.
JUPYTERHUB_URL = ""

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "aisearch: adversarial search, a course"
author = "the aisearch authors"
copyright = "the aisearch authors; lectures under LICENSE-content.md"
language = "en"

# MathJax from the sphinx-mathjax-offline package (PyPI): the lectures' formulas
# are drawn without loading anything from outside the site.
extensions = ["myst_nb", "course_site", "sphinx-mathjax-offline"]
course_site_jupyterhub = JUPYTERHUB_URL

# The site runs the notebooks itself (tools/site.py, cached); MyST-NB only reads them.
nb_execution_mode = "off"
# Pages show each cell's code and its outputs, as the notebook does.
nb_merge_streams = True
myst_heading_anchors = 3
myst_enable_extensions = ["deflist", "dollarmath", "amsmath"]

root_doc = "index"
exclude_patterns = ["_build", "**/.ipynb_checkpoints", "_ext"]

html_theme = "sphinx_book_theme"
html_title = "aisearch: adversarial search"
html_static_path = ["_static"]
html_css_files = ["course.css"]
# Opens a folded section when a link leads into it.
html_js_files = ["course.js"]
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    # Nothing on the page reaches another site: no repository, launch or download buttons.
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "use_source_button": False,
    "use_issues_button": False,
    "use_edit_page_button": False,
    "home_page_in_toc": True,
    "show_toc_level": 2,
}

# The lectures write straight quotes; Sphinx would curl them, and a folded
# section is found by its heading as the notebook writes it.
smartquotes = False
