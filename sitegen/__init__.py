"""The site generator: :mod:`sitegen.pipeline` is the build (load, index, render, write),
build.py its command line, these modules do each step.

- :mod:`sitegen.pipeline`     the build, top to bottom
- :mod:`sitegen.diagnostics`  ``path:line: error: message``, collected, printed together
- :mod:`sitegen.schema`       every content file's fields, declared once, read by one reader
- :mod:`sitegen.config`       site.toml
- :mod:`sitegen.content`      pages: front matter, sections, Markdown, directives, links
- :mod:`sitegen.index`        the site index: pages' sections, demos and practice positions
- :mod:`sitegen.demo`         demo deals: checked with the engine, rendered
- :mod:`sitegen.practice`     practice positions: checked with the engine
- :mod:`sitegen.practice_view`  ``[[practice]]``: the positions rendered
- :mod:`sitegen.play`         ``[[play]]``: a game against the computer
- :mod:`sitegen.markup`       the one Markdown factory (pages and components' texts)
- :mod:`sitegen.components`   ``[[name: argument]]`` directives -> HTML (the registry)
- :mod:`sitegen.cards`        card images from :mod:`sitegen.card_art`
- :mod:`sitegen.assets`       templates/static/ -> hashed file names, references rewritten
- :mod:`sitegen.render`       the one Jinja2 environment; templates -> HTML pages
- :mod:`sitegen.runtime`      the pinned Pyodide files and the engine wheel
- :mod:`sitegen.output`       build into a temporary folder, swap it in at the end
- :mod:`sitegen.serve`        ``build.py serve``: the development server

Content files are read through :mod:`engine.source` (UTF-8, bounded, every field's line), the
same reader as the engine's records.
"""
