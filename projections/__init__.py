"""Read models built only from events: the lookahead, state hashes and the trigger timeline."""
