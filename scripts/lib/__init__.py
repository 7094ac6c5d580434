"""Helpers the scripts share, each in one place (standard library, but net_file: numpy):

  uci_pipe   a UCI engine over pipes, lines time-stamped as they arrive; a referee for legal moves
  uci_pgn    the PGN files of UCI moves in ../shared/data/human/ (plain or xz), game by game
  net_file   the networks' file format (src/nn/net_file.h), read and write, for the trainers
  record_pool  the pool of training records (nnue_pool.py, train_nnue.py --pool): chunks, held-out games,
             the dedup (split_numpy: numpy)

The Elo arithmetic of match reports (score to Elo, the pentanomial interval, the reports' tables) is in
scripts/pool_calibration.py, which ladder_plot.py and analysis/rung_fit.py import.

A script in scripts/ imports them as `from lib.uci_pipe import Engine` (its own folder is on the path);
one in scripts/analysis/ first puts scripts/ on the path.
"""
