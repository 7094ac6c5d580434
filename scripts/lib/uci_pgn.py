"""Reading the PGN files of UCI moves in ../shared/data/human/ (plain or xz): one reader for the scripts
(`from lib.uci_pgn import games`)."""
import lzma
import re

TAG = re.compile(r'\[(\w+) "(.*)"\]')


def games(path):
    """(tags, header, move lines) of each game: tags a dict, header the tag lines as written (joined by
    newlines), move lines the game's lines of moves as written."""
    opener = lzma.open if path.endswith(".xz") else open
    tags, header, moves = {}, [], []
    with opener(path, "rt", errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("["):
                if moves:
                    yield tags, "\n".join(header), moves
                    tags, header, moves = {}, [], []
                header.append(line)
                m = TAG.match(line)
                if m:
                    tags[m.group(1)] = m.group(2)
            elif line:
                moves.append(line)
    if moves:
        yield tags, "\n".join(header), moves
