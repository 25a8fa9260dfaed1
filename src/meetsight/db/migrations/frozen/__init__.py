"""Code the migrations run, frozen at the revision that first needed it.

A migration must do the same thing on every database it ever meets, whatever the live code has
become since: so no revision imports from the rest of meetsight, and these modules import
nothing from it either. Never edit one to follow the live code; a revision that needs changed
logic gets a module of its own. (Each module names the revision whose code it copies.)
"""
