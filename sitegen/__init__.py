"""The site generator: build.py reads as the pipeline, these modules do each step.

- :mod:`sitegen.diagnostics`  ``path:line: error: message``, collected, printed together
- :mod:`sitegen.config`       site.toml
- :mod:`sitegen.content`      pages: front matter, Markdown, directives, links (the format)
- :mod:`sitegen.components`   ``[[name: argument]]`` directives -> HTML (the registry)
- :mod:`sitegen.cards`        card images from :mod:`sitegen.card_art`
- :mod:`sitegen.assets`       templates/static/ -> hashed file names, references rewritten
- :mod:`sitegen.render`       Jinja2 templates -> HTML pages
- :mod:`sitegen.runtime`      the pinned Pyodide files and the engine wheel
- :mod:`sitegen.output`       build into a temporary folder, swap it in at the end
- :mod:`sitegen.serve`        ``build.py serve``: the development server
"""
