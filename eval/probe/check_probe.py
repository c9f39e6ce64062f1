"""Independent sanity checks on probe.jsonl (schema, KB names, plot wording overlap)."""
import collections, csv, gzip, json, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kbload import DATA, KB
kb = KB()
rows = [json.loads(l) for l in open(sys.argv[1] if len(sys.argv) > 1 else os.path.join("out", "probe.jsonl"))]
ids, qs = set(), set()
for r in rows:
    assert set(r) == {"id", "question", "answers", "category", "expect"}, r
    assert r["id"] not in ids and r["question"] not in qs
    ids.add(r["id"]); qs.add(r["question"])
    assert r["id"].startswith(f"probe:{r['category']}:")
    k = r["expect"]["kind"]
    assert k in ("hits1", "parts", "count", "no_answer")
    if k == "no_answer":
        assert r["answers"] == []
    else:
        assert r["answers"] and all(a in kb.entities for a in r["answers"]), r["id"]
    if k == "parts":
        assert all(p and all(a in kb.entities for a in p) for p in r["expect"]["parts"])
    if k == "count":
        assert r["expect"]["count"] == len(set(r["answers"]))
print(len(rows), "rows ok", dict(collections.Counter(r["category"] for r in rows)))
tm = {}
with gzip.open(os.path.join(DATA, "tmdb", "tmdb_5000_movies.csv.gz"), "rt", encoding="utf-8") as f:
    for x in csv.DictReader(f):
        tm.setdefault(x["title"], x["overview"])
toks = lambda s: re.findall(r"[a-z0-9]+", s.lower())
for r in rows:
    if r["category"] != "plot":
        continue
    t = r["answers"][0]; q = toks(r["question"])
    for name, src in (("plot", kb.plot.get(t, "")), ("overview", tm.get(t, ""))):
        s = toks(src); grams = {tuple(s[i:i + 4]) for i in range(len(s) - 3)}
        hit = [" ".join(q[i:i + 4]) for i in range(len(q) - 3) if tuple(q[i:i + 4]) in grams]
        if hit:
            print("4-gram overlap", t, name, hit)
