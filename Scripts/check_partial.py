"""Compares ModelKit's partial snapshots with jiter's partial mode.

The corpus (written by PartialJiterCorpusTests) holds texts and, for each
byte prefix, what ModelKit's partial reader shows (null: nothing yet) and
whether the prefix ends inside a number or a literal, or before any value
shows. jiter takes a number at the end of its input as complete, so those
prefixes are passed over, and so are texts that begin with a byte order
mark (ModelKit skips it, jiter refuses it); every other one must show the
same value.
"""

import json
import sys

import jiter


def main(path: str) -> int:
    with open(path, encoding="utf-8") as file:
        documents = json.load(file)
    compared = 0
    failures = []
    for document in documents:
        text = document["text"].encode("utf-8")
        if text.startswith(b"\xef\xbb\xbf"):
            continue  # a byte order mark, which ModelKit skips (RFC 8259 8.1) and jiter refuses
        for count, prefix in enumerate(document["prefixes"]):
            if prefix["inToken"] or count == 0:
                continue
            try:
                theirs = jiter.from_json(text[:count], partial_mode="trailing-strings")
            except ValueError as error:
                failures.append((text[:count], "jiter refused it: %s" % error, prefix["shown"]))
                continue
            compared += 1
            if theirs != prefix["shown"]:
                failures.append((text[:count], theirs, prefix["shown"]))
    for text, theirs, ours in failures[:20]:
        print("differs at %r:\n  jiter:    %r\n  ModelKit: %r" % (text, theirs, ours))
    print("partial: %d prefixes of %d texts compared with jiter, %d differ" % (compared, len(documents), len(failures)))
    return 1 if failures or compared < 1000 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
