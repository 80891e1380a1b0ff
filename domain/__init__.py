"""The rules layer: boards, units, abilities, the movement engine and the ``Game`` aggregate.

Nothing here does I/O, reads a clock for game logic, draws random numbers from global state or
configures logging; the ``sim`` package supplies all of that from outside.
"""
