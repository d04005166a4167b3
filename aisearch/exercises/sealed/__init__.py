"""Grading sealed off: a student's code in a sandbox, the checks in the grader.

A graded notebook holds the student's code, and a kernel that runs it can do
anything the kernel can: read the hidden tests, patch the checks, rewrite
files. Graded here, it cannot:

- ``sandbox.py`` runs the student's code in a bubblewrap sandbox: no network,
  a read-only Python, no ``aisearch`` (a stand-in keeps its names and
  constants and leaves every function out), nothing of the course but the
  student's own notebook, a small scratch folder, limits on time, memory,
  processes and output, and nothing left behind when it ends;
- ``confine.py`` is what the kernel adds: a control group of the sandbox's
  own (as root) and a seccomp filter against what one sandbox could leave for
  the next;
- ``wire.py`` is what crosses: plain data only, one line of JSON a message;
- ``worker.py`` is the sandbox's side: it runs the cells and calls the
  student's functions, whose questions to the game it sends to the grader;
- ``remote.py`` is the grader's side: a ``RemoteFunction`` that the
  notebooks' own checks call like any function, its games answered and
  recorded in the grader;
- ``notebook.py`` grades a whole submission in two passes: the cells and each
  graded cell's check on the notebook's own cases in a first sandbox, whose
  output is all the feedback shows, then each graded cell's hidden tests in a
  fresh sandbox, of which only the outcome is kept.

``tools/course_grading.py`` puts this in nbgrader's autograde (``make grade``);
docs/teaching-a-course.md says what is sealed off, and what is not.
"""
