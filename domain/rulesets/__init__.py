"""One sub-package per ruleset; ``registry`` maps a scenario's ``ruleset`` name to it."""
