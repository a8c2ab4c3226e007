"""The exported experiment's model, tasks, RL, evaluation and data-parallel set-up."""
