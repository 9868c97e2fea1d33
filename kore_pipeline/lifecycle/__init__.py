"""Lifecycle: decay (Ebbinghaus), compression (merge near-duplicates), summarising old
memories, erasing an owner. Status changes themselves go through ``store.lifecycle``."""
