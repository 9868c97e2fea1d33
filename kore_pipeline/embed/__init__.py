"""Embed: embedder backends behind one interface, a factory, and the (model, text) vector cache."""
