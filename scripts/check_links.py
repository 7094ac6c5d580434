#!/usr/bin/python3
"""Checks that every relative link in the documentation resolves: README.md, docs/**/*.md and every
README.md below the top (bench/, tests/data/, ...). A link must name a file or folder of the repository
(as git tracks it: a file git ignores is missing on GitHub too), and a `#anchor` must name a heading of
the Markdown file it points into, by GitHub's rule (lower case; every character that is not a letter,
digit, space, `-` or `_` dropped; each space a `-`; a repeated heading gets `-1`, `-2`, ...), or an
`id`/`name` given in HTML. Links with a scheme (https:, mailto:) are not followed: no network.

usage: scripts/check_links.py [FILE.md ...]     (default: the files above; run by `make test`)
Prints each broken link as `file:line: target: reason` and exits 1 if there is one. Standard library only.
"""
import os
import re
import subprocess
import sys
import unicodedata
from urllib.parse import unquote

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ID = re.compile(r"<[^>]+\s(?:id|name)=\"([^\"]+)\"")
# [text](target "title") and ![alt](target); the text may hold one level of brackets.
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def tracked_files():
    """The repository's files as git tracks them (the working tree's when git is not at hand)."""
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached"], capture_output=True,
                             check=True).stdout.decode()
        files = {f for f in out.split("\0") if f}
        # files deleted in the working tree but not yet in the index do not count
        return {f for f in files if os.path.exists(os.path.join(ROOT, f))}
    except (OSError, subprocess.CalledProcessError):
        files = set()
        for d, subdirs, names in os.walk(ROOT):
            subdirs[:] = [s for s in subdirs if s not in (".git", "build", "runs")]
            files |= {os.path.relpath(os.path.join(d, n), ROOT) for n in names}
        return files


def heading_text(md):
    """A heading's text as GitHub renders it: links and images by their text, no emphasis or code marks."""
    md = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", md)
    md = re.sub(r"<[^>]+>", "", md)
    return md.replace("`", "").replace("*", "").replace("~~", "")


def slug(text):
    out = []
    for ch in heading_text(text).lower():
        cat = unicodedata.category(ch)
        if ch in " -_" or cat[0] in "LN" or cat == "Mn":
            out.append("-" if ch == " " else ch)
    return "".join(out)


def lines_outside_code(text):
    """(line number, line) of the lines that are not inside a fenced code block."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if m:
            mark = m.group(1)
            if fence is None:
                fence = mark
                continue
            if mark[0] == fence[0] and len(mark) >= len(fence) and not line.strip()[len(mark):].strip():
                fence = None
                continue
        if fence is None:
            yield n, line


_anchor_cache = {}


def anchors(path):
    if path not in _anchor_cache:
        seen, found = {}, set()
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            text = f.read()
        for _, line in lines_outside_code(text):
            found.update(HTML_ID.findall(line))
            m = HEADING.match(line)
            if not m:
                continue
            base = slug(m.group(2))
            k = seen.get(base, 0)
            seen[base] = k + 1
            found.add(base if k == 0 else f"{base}-{k}")
        _anchor_cache[path] = found
    return _anchor_cache[path]


def check_file(path, files, dirs):
    """(line, target, reason) of each broken link of one page, and the number of links checked."""
    problems, checked = [], 0
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read()
    here = os.path.dirname(path)
    for n, line in lines_outside_code(text):
        bare = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        targets = [m.group(1) for m in INLINE.finditer(bare)]
        m = REFDEF.match(bare)
        if m:
            targets.append(m.group(1))
        for target in targets:
            target = target[1:-1] if target.startswith("<") else target
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
                continue  # https:, mailto:, ...: not followed
            checked += 1
            file_part, _, anchor = target.partition("#")
            file_part = unquote(file_part)
            if file_part:
                base = ROOT if file_part.startswith("/") else os.path.join(ROOT, here)
                resolved = os.path.relpath(os.path.normpath(os.path.join(base, file_part.lstrip("/"))), ROOT)
            else:
                resolved = path
            if resolved.startswith(".."):
                problems.append((n, target, "points outside the repository"))
                continue
            if file_part and resolved not in files and resolved != "." and resolved not in dirs:
                problems.append((n, target, "no such file or folder in the repository"))
                continue
            if anchor and resolved.endswith(".md") and os.path.isfile(os.path.join(ROOT, resolved)):
                if unquote(anchor).lower() not in anchors(resolved):
                    problems.append((n, target, f"no heading '#{anchor}' in {resolved}"))
    return problems, checked


def default_pages(files):
    return sorted(f for f in files if f == "README.md" or (f.startswith("docs/") and f.endswith(".md"))
                  or os.path.basename(f) == "README.md")


def main():
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    files = tracked_files()
    dirs = {os.path.dirname(f) for f in files}
    for d in list(dirs):
        while d:
            d = os.path.dirname(d)
            dirs.add(d)
    pages = [os.path.relpath(os.path.abspath(p), ROOT) for p in sys.argv[1:]] or default_pages(files)
    broken, links = 0, 0
    for page in pages:
        problems, checked = check_file(page, files, dirs)
        links += checked
        for n, target, why in problems:
            print(f"{page}:{n}: {target}: {why}")
            broken += 1
    print(f"check_links: {len(pages)} pages, {links} relative links, {broken} broken",
          file=sys.stderr if broken else sys.stdout)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
