"""Pictures of boards: every ruleset's board in SVG (and PNG through cairosvg) with its range of
motion, the last command's steps and the paths to places; compact text boards for a terminal;
and the self-contained HTML replay viewer (``sim view``).

Nothing here changes a state: painters read states and answers (the lookahead's) and draw them.
``sim/render.py`` is another thing: the text tables the CLI prints.
"""
