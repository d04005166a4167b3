"""nbgrader's settings for the course: this folder is the course directory.

    instructor/<id>/<id>.ipynb   the instructor source: solutions, hidden tests, notes
    notebooks/<id>/<id>.ipynb    the student edition, made by `make release`
    submitted/<student>/<id>/    what students hand in; `make grade` grades it into
    autograded/, feedback/ and grades.csv (none of them kept in git)

Each notebook is an assignment of its own, named like its file (``02_alpha_beta``),
so a course can set one a week. nbgrader reads this file from the folder it runs
in; `make release` and `make grade` run it from here. See docs/teaching-a-course.md.
"""

import os
import sys

import nbgrader
from nbconvert.preprocessors import ClearMetadataPreprocessor, CSSHTMLHeaderPreprocessor
from nbgrader.preprocessors import (
    AssignLatePenalties,
    CheckCellMetadata,
    ClearHiddenTests,
    ClearMarkScheme,
    ClearOutput,
    ClearSolutions,
    ComputeChecksums,
    GetGrades,
    IgnorePattern,
    IncludeHeaderFooter,
    InstantiateTests,
    LimitOutput,
    LockCells,
    SaveAutoGrades,
    SaveCells,
)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "tools"))
from course_edition import LeaveOutInstructorCells, MarkGradedCellsExpectedToFail  # noqa: E402
from course_grading import SealedExecute  # noqa: E402

c = get_config()  # noqa: F821 (nbgrader defines it)

c.CourseDirectory.root = HERE
c.CourseDirectory.course_id = "aisearch"
c.CourseDirectory.source_directory = "instructor"
c.CourseDirectory.release_directory = "notebooks"

# The course's own stub, as the notebooks have always shown it; indented like the
# "### BEGIN SOLUTION" line it replaces.
c.ClearSolutions.code_stub = {
    "python": "raise NotImplementedError  # replace this line with your code"
}
c.ClearSolutions.text_stub = "*Your answer here.*"

# nbgrader's own steps, in its order, then the course's two: the instructors' notes and
# answers (cells tagged "instructor") are left out, and each graded cell is tagged
# "raises-exception", since in the student edition it fails with "Not done yet" until
# the exercise is done (nbval and nbclient then expect that error and no other).
c.GenerateAssignment.preprocessors = [
    IncludeHeaderFooter,
    InstantiateTests,
    LimitOutput,
    LockCells,
    ClearSolutions,
    ClearOutput,
    CheckCellMetadata,
    ComputeChecksums,
    SaveCells,
    ClearHiddenTests,
    ClearMarkScheme,
    ComputeChecksums,
    CheckCellMetadata,
    LeaveOutInstructorCells,
    MarkGradedCellsExpectedToFail,
]

# Grading is sealed off (tools/course_grading.py): nbgrader's Execute, which would run the
# student's code in a kernel beside the hidden tests, is replaced by SealedExecute. The
# student's cells run in a bubblewrap sandbox, a fresh one for each graded cell; the graded
# cells, hidden tests included, run in the grader and call the student's functions in the
# sandbox. Each cell has 60 s of computing time, each check its own limit (10 s by default).
c.Autograde.autograde_preprocessors = [
    SealedExecute,
    IgnorePattern,
    ClearMetadataPreprocessor,
    LimitOutput,
    SaveAutoGrades,
    AssignLatePenalties,
    CheckCellMetadata,
]
c.SealedExecute.course_root = HERE

# A graded cell a student deleted is put back (and graded), with a line that says so;
# nbgrader makes the line a comment in a code cell (every graded cell of the course).
c.OverwriteCells.add_missing_cells = True
c.OverwriteCells.missing_cell_notification = (
    "This graded cell ({cell_id}) was missing from the submission; nbgrader put it back.\n"
)

# Feedback and the formgrader show what a student wrote. Their templates render
# markdown as HTML, so SealedExecute turns a student's markdown and raw cells into
# text (tools/course_grading.py), and every output it writes is text; nbconvert's
# own cleaning (bleach) would escape the lecture's paragraphs and headings too.

# The feedback page is the course's (tools/feedback/feedback): its points first, a phone's
# width, long output wrapped, WCAG 2.1 AA, nothing loaded from outside. nbgrader asks
# for a template named "feedback"; the course's, of that name, is found first. The
# formgrader keeps its own template ("formgrade"), from nbgrader's folder.
_NBGRADER_TEMPLATES = os.path.join(
    os.path.dirname(nbgrader.__file__), "server_extensions", "formgrader", "templates"
)
c.HTMLExporter.extra_template_basedirs = [
    os.path.join(HERE, "tools", "feedback"),
    _NBGRADER_TEMPLATES,
]

# Feedback shows the graded notebook without the hidden tests' code.
c.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests, CSSHTMLHeaderPreprocessor]
# A feedback page has no kernel, so a widget (a check's show=True viewer) would be an
# empty box: each output is shown as its HTML or text instead (the check's message).
c.NbConvertBase.display_data_priority = [
    "text/html",
    "text/markdown",
    "image/svg+xml",
    "text/latex",
    "image/png",
    "image/jpeg",
    "text/plain",
]
