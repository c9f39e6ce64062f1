#!/usr/bin/env python3
"""Second, independent probe set: the complex kinds of question people ask about films.

Kinds (the item's `category`): check (yes/no), compare, order (ordinals and superlatives in a
set), negation, count, beyond (the last hop is a fact the KB does not hold) and multihop.
The wordings were written by hand for this file, without reading the service's understanding,
planning or answering code or its tests, and without looking at any public QA set's wordings.
Every gold answer is computed here from the raw data (DATA_DIR, read-only):

* MetaQA kb.txt (through kbload.KB), the graph the service answers from;
* WikiMovies movies.jsonl.gz, which keeps apart the films kb.txt merges under one title
  (remakes): positions in a filmography, counts and multi-hop golds are computed over these
  film records, so a merged title never brings in another film's people or year;
* TMDB 5000 (kbload's join: exact title + release_date[:4] among the KB title's years).
  Figures are only compared for titles the KB does not merge, with a margin.

Each hand-written question also states the answer its author expected from general film
knowledge (`want` / `truth`). The KB gold is always what is written out; an item whose KB gold
disagrees with the author's expectation, or whose gold is unsafe (merged titles, ties, missing
figures, cast lists too short for a "no"), is dropped and listed, never silently kept.

Run:  python3 eval/probe/make_complex.py --out /tmp/complex.jsonl [-v]
Item: {"id", "question", "answers", "category", "expect"}; expect is one of
  {"kind":"hits1"} | {"kind":"count","count":N} | {"kind":"verdict","verdict":"yes"|"no"}
  | {"kind":"lacks","fact":F}. For a verdict, `answers` holds the KB names the verdict rests
  on (may be empty, e.g. two people who never worked together); for lacks, the partial gold the
  KB can give (e.g. the director for "where was the director of X born") or [].
A few check and compare items are drawn, with a fixed seed, from the most-voted films.
A dev set: it was written to find failing kinds of question, not held out.
"""
import argparse
import collections
import csv
import gzip
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kbload import DATA, KB  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
ap.add_argument("--out", default=os.path.join("out", "complex.jsonl"))
ap.add_argument("-v", "--verbose", action="store_true")
ARGS = ap.parse_args()

SEED = 20240611
RNG = random.Random(SEED)
kb = KB()

DIR, WRI, ACT, YEAR, LANG, GEN, TAG = ("directed_by", "written_by", "starred_actors",
                                       "release_year", "in_language", "has_genre", "has_tags")
ROLES = (DIR, WRI, ACT)
CATEGORIES = ["check", "compare", "order", "negation", "count", "beyond", "multihop"]
FACTS = {"birthplace", "birth_date", "death", "age", "nationality", "family", "education",
         "character", "award", "tv", "music", "box_office", "budget", "runtime", "studio",
         "producer", "crew", "filming_location", "country", "other"}
MAX_PER_CATEGORY = 30

# ----------------------------------------------------------------------------
# data: WikiMovies film records (merged KB titles kept apart), TMDB titles
# ----------------------------------------------------------------------------
RECS = []
with gzip.open(os.path.join(DATA, "wikimovies", "movies.jsonl.gz"), "rt", encoding="utf-8") as f:
    for line in f:
        d = json.loads(line)
        d["year"] = int(d["release_year"][0]) if d["release_year"] else None
        RECS.append(d)
REC_BY_TITLE = collections.defaultdict(list)
REC_BY_VAL = collections.defaultdict(lambda: collections.defaultdict(list))
for i, d in enumerate(RECS):
    REC_BY_TITLE[d["title"]].append(i)
    for r in (DIR, WRI, ACT, LANG, GEN, TAG):
        for v in d[r]:
            REC_BY_VAL[r][v].append(i)

TMDB_ANY_TITLE = set()  # every TMDB title / original title, any year (for "the KB lacks X" items)
TMDB_ROWS = []  # every TMDB film, joined to the KB or not (a genre/decade winner must also win here)
with gzip.open(os.path.join(DATA, "tmdb", "tmdb_5000_movies.csv.gz"), "rt", encoding="utf-8") as f:
    for r in csv.DictReader(f):
        TMDB_ANY_TITLE.add(r["title"].lower())
        TMDB_ANY_TITLE.add(r["original_title"].lower())
        TMDB_ROWS.append({"title": r["title"], "year": int(r["release_date"][:4] or 0),
                          "genres": [g["name"] for g in json.loads(r["genres"] or "[]")],
                          "vote_count": int(r["vote_count"] or 0),
                          **{k: float(r[k] or 0) for k in ("vote_average", "revenue", "budget", "runtime",
                                                           "popularity")}})


# ----------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------
class Skip(Exception):
    pass


def need(cond, why):
    if not cond:
        raise Skip(why)


def film(title):
    need(title in kb.movies, f"not a KB film: {title!r}")
    need(not kb.ambiguous(title), f"merged/ambiguous KB title: {title!r}")
    return title


def person(name):
    need(name in kb.entities and any(kb.rev[name][r] for r in ROLES), f"not a KB person: {name!r}")
    return name


def tag_films(p):
    """Films carrying the person's name as a tag (tags are lower case)."""
    return set(kb.rev[p.lower()][TAG]) if p.lower() in kb.entities else set()


def role_films(p, rel):
    return set(kb.rev[person(p)][rel])


def any_role_films(p):
    return set().union(*(role_films(p, r) for r in ROLES)) | tag_films(p)


def acted(p):
    """Films the person is in: the cast lists plus films tagged with the name and not linked
    to the person in any other way (the brief: a name tag counts as being in the film)."""
    linked = role_films(p, DIR) | role_films(p, WRI)
    return role_films(p, ACT) | (tag_films(p) - linked)


def recs_of(p, rel):
    return [RECS[i] for i in REC_BY_VAL[rel].get(p, [])]


def yr(m):
    return kb.year(m)


def F(**kw):
    """KB films matching all constraints: dir/act/wri/lang/genre (name or list), year, years=(lo, hi),
    no_dir/no_act/no_wri/no_genre/no_lang (exclusions)."""
    rel = {"dir": DIR, "act": ACT, "wri": WRI, "lang": LANG, "genre": GEN}
    res = set(kb.movies)
    for k, v in kw.items():
        vs = v if isinstance(v, list) else [v]
        if k in rel:
            for x in vs:
                need(x in kb.entities, f"not a KB entity {x!r}")
                res &= set(kb.rev[x][rel[k]])
        elif k.startswith("no_"):
            for x in vs:
                need(x in kb.entities, f"not a KB entity {x!r}")
                res -= set(kb.rev[x][rel[k[3:]]])
        elif k == "year":
            res = {m for m in res if str(v) in kb.fwd[m][YEAR]}
        elif k == "years":
            lo, hi = v
            res = {m for m in res if any(lo <= int(y) <= hi for y in kb.fwd[m][YEAR])}
        else:
            raise KeyError(k)
    return res


def vals(films, rel):
    out = set()
    for m in films:
        out |= kb.fwd[m][rel]
    return out


def ranked(names):
    """Stable, popularity-first order of gold lists (films by TMDB votes, others by name)."""
    return sorted(set(names), key=lambda n: (-kb.votes(n), n))


def tm(m, key):
    t = kb.tmdb.get(m)
    need(t is not None, f"{m!r} does not join TMDB")
    need(not t["amb"], f"{m!r} is a merged KB title")
    v = t[key]
    need(v, f"{m!r} has no TMDB {key}")
    if key == "vote_average":
        need(t["vote_count"] >= 100, f"{m!r} has only {t['vote_count']} TMDB votes")
    return v


items = collections.defaultdict(list)
dropped = []


def add(cat, question, answers, expect, note=None, want=None):
    assert cat in CATEGORIES, cat
    answers = list(answers)
    for a in answers:
        assert a in kb.entities, f"gold name not in kb: {a!r} ({question})"
    if expect["kind"] in ("hits1", "count"):
        need(answers, "empty gold")
    if expect["kind"] == "count":
        assert expect["count"] == len(set(answers))
    if expect["kind"] == "lacks":
        assert expect["fact"] in FACTS, expect
    if want is not None:
        got = expect.get("verdict") if expect["kind"] == "verdict" else (
            expect["count"] if expect["kind"] == "count" else answers[0])
        ok = (got in want) if isinstance(want, (set, tuple, list)) else got == want
        need(ok, f"KB gold {got!r} disagrees with the expected {want!r}")
    assert question not in {r["question"] for c in items.values() for r in c}, question
    need(len(items[cat]) < MAX_PER_CATEGORY, "enough items")
    items[cat].append({"id": f"complex:{cat}:{len(items[cat]) + 1}", "question": question,
                       "answers": answers, "category": cat, "expect": expect, "_note": note})


def safe(cat):
    """Decorator: a Skip in a builder drops the item with its reason."""
    def deco(fn):
        def run(q, *a, **kw):
            try:
                fn(q, *a, **kw)
            except Skip as e:
                dropped.append((cat, q, str(e)))
        return run
    return deco


def verdict(q, yes, evidence, truth, note=None):
    add("check", q, ranked(evidence), {"kind": "verdict", "verdict": "yes" if yes else "no"}, note=note,
        want=truth)


# ----------------------------------------------------------------------------
# 1. check (yes/no)
# ----------------------------------------------------------------------------
@safe("check")
def was_in(q, p, m, truth):
    film(m); person(p)
    cast = kb.fwd[m][ACT]
    yes = p in cast or m in tag_films(p)
    if not yes:
        need(len(cast) >= 1, "no cast listed")
        need(m not in any_role_films(p), f"{p} is linked to {m} another way")
    evidence = cast if p in cast or not yes else {p}  # a name tag only: the person is the evidence
    verdict(q, yes, evidence, truth, note=f"cast={sorted(cast)} tagged={m in tag_films(p)}")


@safe("check")
def did(q, p, rel, m, truth):
    film(m); person(p)
    who = kb.fwd[m][rel]
    yes = p in who
    if not yes:
        need(who, f"no {rel} listed for {m}")
    verdict(q, yes, who, truth, note=f"{rel}={sorted(who)}")


TMDB_GENRE = {"Action": "Action", "Adventure": "Adventure", "Animation": "Animation",
              "Comedy": "Comedy", "Crime": "Crime", "Documentary": "Documentary", "Drama": "Drama",
              "Family": "Family", "Fantasy": "Fantasy", "Horror": "Horror", "Musical": "Music",
              "Music": "Music", "Mystery": "Mystery", "Romance": "Romance", "Thriller": "Thriller",
              "War": "War", "Western": "Western", "History": "History"}


@safe("check")
def is_genre(q, m, g, truth):
    film(m)
    gs = kb.fwd[m][GEN]
    yes = g in gs
    if not yes:
        need(gs, "no genre listed")
        if m in kb.tmdb:
            need(TMDB_GENRE.get(g) not in kb.tmdb[m]["genres"], f"TMDB calls {m} {g}")
    verdict(q, yes, gs, truth, note=f"kb={sorted(gs)} tmdb={kb.tmdb.get(m, {}).get('genres')}")


@safe("check")
def in_lang(q, m, lang, truth):
    film(m)
    ls = kb.fwd[m][LANG]
    need(ls, "no language listed")
    verdict(q, lang in ls, ls, truth, note=f"lang={sorted(ls)}")


@safe("check")
def out_in(q, m, years, truth):
    """years: an int or (lo, hi) inclusive."""
    film(m)
    y = yr(m)
    need(y is not None, "no single year")
    lo, hi = (years, years) if isinstance(years, int) else years
    verdict(q, lo <= y <= hi, [str(y)], truth, note=f"year={y}")


@safe("check")
def together(q, p1, p2, truth):
    person(p1); person(p2)

    def linked(p, d):
        return any(p in d[r] for r in ROLES) or p.lower() in d[TAG]
    # over film records: a merged title must not pair two people from two different films
    both = {d["title"] for d in RECS if linked(p1, d) and linked(p2, d)}
    need(bool(both) == bool(any_role_films(p1) & any_role_films(p2)), "KB titles and film records disagree")
    if not both:
        need(len(any_role_films(p1)) >= 5 and len(any_role_films(p2)) >= 5, "too few films to say no")
    verdict(q, bool(both), both, truth, note=f"shared={sorted(both)}")


@safe("check")
def ever_genre(q, p, rel, g, truth):
    fs = role_films(p, rel)
    # over film records, so that a merged title's other film does not lend its genre
    hit = {d["title"] for d in recs_of(p, rel) if g in d[GEN]}
    if not hit:
        need(not any(g in kb.fwd[m][GEN] for m in fs), f"only a merged title is a {g}")
        with_genre = [m for m in fs if kb.fwd[m][GEN]]
        need(len(with_genre) >= 8, f"only {len(with_genre)} of {p}'s films have a genre")
        tg = {m for m in fs if m in kb.tmdb and TMDB_GENRE[g] in kb.tmdb[m]["genres"]}
        need(not tg, f"TMDB calls {sorted(tg)} {g}")
    verdict(q, bool(hit), hit, truth, note=f"{g} films={sorted(hit)} of {len(fs)}")


was_in("was tom hanks in cast away", "Tom Hanks", "Cast Away", "yes")
did("did spielberg direct jurassic park", "Steven Spielberg", DIR, "Jurassic Park", "yes")
did("Did Ridley Scott direct Aliens?", "Ridley Scott", DIR, "Aliens", "no")
is_genre("is the shining a comedy", "The Shining", "Comedy", "no")
out_in("did pulp fiction come out in 1994", "Pulp Fiction", 1994, "yes")
out_in("did the matrix come out in 2001?", "The Matrix", 2001, "no")
did("did tarantino write true romance", "Quentin Tarantino", WRI, "True Romance", "yes")
did("was true romance directed by quentin tarantino", "Quentin Tarantino", DIR, "True Romance", "no")
ever_genre("has woody allen ever directed a western", "Woody Allen", DIR, "Western", "no")
ever_genre("has clint eastwood ever directed a western", "Clint Eastwood", DIR, "Western", "yes")
together("did tom hanks and meg ryan ever work together", "Tom Hanks", "Meg Ryan", "yes")
together("have tom hanks and al pacino ever been in a movie together", "Tom Hanks", "Al Pacino", "no")
in_lang("is amelie in french", "Amélie", "French", "yes")
in_lang("is crouching tiger hidden dragon in japanese", "Crouching Tiger, Hidden Dragon", "Japanese", "no")
did("did stephen spielberg write jaws", "Steven Spielberg", WRI, "Jaws", "no")
was_in("was leonardo dicaprio in goodfelas", "Leonardo DiCaprio", "Goodfellas", "no")
did("did wes anderson direct juno", "Wes Anderson", DIR, "Juno", "no")
is_genre("is groundhog day a comedy?", "Groundhog Day", "Comedy", "yes")
is_genre("schindlers list is a comedy right?", "Schindler's List", "Comedy", "no")
together("have woody allen and martin scorsese ever worked on the same film", "Woody Allen", "Martin Scorsese", "yes")
together("did john wayne and alfred hitchcock ever make a movie together", "John Wayne", "Alfred Hitchcock", "no")
out_in("did the godfather come out in the 80s", "The Godfather", (1980, 1989), "no")
did("Did Aaron Sorkin write The Social Network", "Aaron Sorkin", WRI, "The Social Network", "yes")
# (not asked: "has hitchcock ever directed a musical" -- the KB's only Hitchcock musical is the merged
#  title Stage Fright, i.e. another film of that name, while his real revue Elstree Calling has no genre)
did("did george lucas direct raiders of the lost ark", "George Lucas", DIR, "Raiders of the Lost Ark", "no")
did("did ron howard direct apollo 13", "Ron Howard", DIR, "Apollo 13", "yes")
ever_genre("has spielberg ever made a war movie", "Steven Spielberg", DIR, "War", "yes")
together("did christopher nolan and christian bale work together", "Christopher Nolan", "Christian Bale", "yes")
is_genre("is toy story an animated film", "Toy Story", "Animation", "yes")

# A few items on films drawn with the fixed seed from the most-voted films (>= 3000 TMDB votes)
# whose KB title is not merged: the year is the true one or moved by 1-3 years.
POPULAR = sorted(m for m, t in kb.tmdb.items() if t["vote_count"] >= 3000 and not kb.ambiguous(m) and yr(m))
for i, m in enumerate(RNG.sample(POPULAR, 2)):
    y = yr(m) if i == 0 else yr(m) + RNG.choice([-3, -2, -1, 1, 2, 3])
    out_in(f"{m.lower()} came out in {y} right", m, y, "yes" if i == 0 else "no")


# ----------------------------------------------------------------------------
# 2. compare
# ----------------------------------------------------------------------------
@safe("compare")
def came_first(q, a, b, want, latest=False):
    film(a); film(b)
    ya, yb = yr(a), yr(b)
    need(ya and yb and ya != yb, f"years {ya} {yb}")
    w = (a if ya > yb else b) if latest else (a if ya < yb else b)
    add("compare", q, [w], {"kind": "hits1"}, note=f"{a}={ya} {b}={yb}", want=want)


@safe("compare")
def older(q, a, b, truth):
    film(a); film(b)
    ya, yb = yr(a), yr(b)
    need(ya and yb and ya != yb, f"years {ya} {yb}")
    add("compare", q, [a if ya < yb else b], {"kind": "verdict", "verdict": "yes" if ya < yb else "no"},
        note=f"{a}={ya} {b}={yb}", want=truth)


MARGIN = {"runtime": ("abs", 5), "vote_average": ("abs", 0.2), "revenue": ("ratio", 1.15),
          "budget": ("ratio", 1.15), "popularity": ("ratio", 1.15)}


def clear(v1, v2, key):
    mt, m = MARGIN[key]
    hi, lo = max(v1, v2), min(v1, v2)
    return hi - lo >= m if mt == "abs" else hi >= m * lo


@safe("compare")
def by_figure(q, a, b, key, want, smaller=False):
    film(a); film(b)
    va, vb = tm(a, key), tm(b, key)
    need(clear(va, vb, key), f"too close: {va} vs {vb}")
    w = (a if va < vb else b) if smaller else (a if va > vb else b)
    add("compare", q, [w], {"kind": "hits1"}, note=f"{key}: {a}={va} {b}={vb}", want=want)


@safe("compare")
def more_films(q, p1, p2, rel, want):
    if rel == "acted":
        k1, k2 = len(acted(person(p1))), len(acted(person(p2)))
        r1, r2 = len(recs_of(p1, ACT)), len(recs_of(p2, ACT))
    else:
        k1, k2 = len(role_films(p1, rel)), len(role_films(p2, rel))
        r1, r2 = len(recs_of(p1, rel)), len(recs_of(p2, rel))
    need(abs(k1 - k2) >= 2 and abs(r1 - r2) >= 2 and (k1 > k2) == (r1 > r2),
         f"not clear: kb {k1}/{k2} records {r1}/{r2}")
    add("compare", q, [p1 if k1 > k2 else p2], {"kind": "hits1"},
        note=f"{p1}={k1}({r1}) {p2}={k2}({r2})", want=want)


came_first("which came out first, alien or blade runner", "Alien", "Blade Runner", "Alien")
came_first("which is older casablanca or citizen kane", "Casablanca", "Citizen Kane", "Citizen Kane")
by_figure("which is longer, the godfather or pulp ficton", "The Godfather", "Pulp Fiction", "runtime", "The Godfather")
by_figure("which has the higher rating, inception or avatar", "Inception", "Avatar", "vote_average", "Inception")
more_films("who has directed more films, woody allen or quentin tarantino", "Woody Allen",
           "Quentin Tarantino", DIR, "Woody Allen")
older("is the godfather older than jaws", "The Godfather", "Jaws", "yes")
older("is inception older than the dark knight?", "Inception", "The Dark Knight", "no")
by_figure("which made more money jurassic park or e.t.", "Jurassic Park", "E.T. the Extra-Terrestrial",
          "revenue", "Jurassic Park")
by_figure("what was more expensive to make, avatar or the dark knight", "Avatar", "The Dark Knight",
          "budget", "Avatar")
more_films("who's been in more movies, clint eastwood or brad pitt", "Clint Eastwood", "Brad Pitt",
           "acted", "Clint Eastwood")
came_first("which came out later, shrek or toy story 2", "Shrek", "Toy Story 2", "Shrek", latest=True)
by_figure("whats rated higher the shawshank redemption or forrest gump", "The Shawshank Redemption",
          "Forrest Gump", "vote_average", "The Shawshank Redemption")
older("was jaws released before star wars... i mean before close encounters of the third kind",
      "Jaws", "Close Encounters of the Third Kind", "yes")
more_films("who directed more movies hitchcock or kubrick", "Alfred Hitchcock", "Stanley Kubrick", DIR,
           "Alfred Hitchcock")
older("is memento newer than fight club", "Fight Club", "Memento", "yes")
more_films("who's acted in more films, robert de niro or al pacino", "Robert De Niro", "Al Pacino",
           "acted", "Robert De Niro")
older("is a bug's life older than toy story", "A Bug's Life", "Toy Story", "no")
by_figure("which one's longer gone with the wind or casablanca", "Gone with the Wind", "Casablanca",
          "runtime", "Gone with the Wind")
by_figure("which is longer the departed or the wolf of wall street", "The Departed", "The Wolf of Wall Street",
          "runtime", "The Wolf of Wall Street")
by_figure("which is more popular right now, interstellar or gravity", "Interstellar", "Gravity", "popularity",
          "Interstellar")
came_first("what came out first the shining or the exorcist", "The Shining", "The Exorcist", "The Exorcist")
came_first("which one is older, vertigo or rear window", "Vertigo", "Rear Window", "Rear Window")
older("is alien older than the terminator", "Alien", "The Terminator", "yes")
older("is the lion king older than aladdin?", "The Lion King", "Aladdin", "no")
more_films("who has written more movies, woody allen or ingmar bergman", "Woody Allen", "Ingmar Bergman", WRI,
           "Woody Allen")
more_films("who's been in more films meryl streep or julia roberts", "Meryl Streep", "Julia Roberts", "acted",
           "Meryl Streep")
by_figure("which made more money, the lion king or aladdin", "The Lion King", "Aladdin", "revenue", "The Lion King")
by_figure("which had a higher budget waterworld or jurassic park", "Waterworld", "Jurassic Park", "budget",
          "Waterworld")
for a, b in [RNG.sample(POPULAR, 2) for _ in range(2)]:
    came_first(f"which is older {a} or {b}?".lower(), a, b, None)


# ----------------------------------------------------------------------------
# 3. order (ordinals by release year; superlatives by TMDB figures within a set)
# ----------------------------------------------------------------------------
def filmography(p, rel):
    """(year, title) per WikiMovies film record of p in rel; merged KB titles get their own year."""
    need(REC_BY_VAL[rel].get(p), f"{p} has no {rel} records")
    out = [(d["year"], d["title"]) for d in recs_of(p, rel)]
    need(all(y for y, _ in out), f"{p} has a film without a year: {[t for y, t in out if not y]}")
    return sorted(out)


@safe("order")
def nth_film(q, p, rel, n, want):
    """n = 1, 2, 3 ... or -1 (latest), -2 (second latest)."""
    person(p)
    fl = filmography(p, rel)
    need(len(fl) >= max(n, -n) + 1, "too few films")
    y, t = fl[n - 1] if n > 0 else fl[n]
    same = [x for x in fl if x[0] == y]
    need(len(same) == 1, f"tie in {y}: {same}")
    film(t)
    add("order", q, [t], {"kind": "hits1"}, note=fl[:4] if n > 0 else fl[-4:], want=want)


@safe("order")
def nth_together(q, p1, p2, n, want):
    both = [(d["year"], d["title"]) for d in RECS
            if any(p1 in d[r] for r in ROLES) and any(p2 in d[r] for r in ROLES)]
    need(all(y for y, _ in both), "film without a year")
    both.sort()
    need(len(both) >= 2, f"only {both}")
    y, t = both[n - 1] if n > 0 else both[n]
    need(sum(1 for x in both if x[0] == y) == 1, f"tie {both}")
    film(t)
    add("order", q, [t], {"kind": "hits1"}, note=both, want=want)


def series(base):
    import re
    pat = re.compile(re.escape(base) + r"(\s+(\d+|[IVXLC]+)\b.*|:.*|\s+Part\b.*)$")
    mem = sorted(t for t in kb.movies if t == base or pat.match(t))
    need(len(mem) >= 3, f"series {base} has {mem}")
    return mem


@safe("order")
def series_nth(q, base, n, want):
    mem = series(base)
    for m in mem:
        film(m)
    fl = sorted((yr(m), m) for m in mem)
    y, t = fl[n - 1] if n > 0 else fl[n]
    need(sum(1 for x in fl if x[0] == y) == 1, f"tie {fl}")
    add("order", q, [t], {"kind": "hits1"}, note=fl, want=want)


def sup_pool(pool, key, smaller=False):
    vs = sorted(((tm(m, key), m) for m in pool), reverse=not smaller)
    need(len(vs) >= 2, "fewer than 2 films")
    (v1, w), (v2, _) = vs[0], vs[1]
    need(clear(v1, v2, key), f"too close: {vs[:2]}")
    return w, vs[:3]


@safe("order")
def series_sup(q, base, key, want, smaller=False):
    mem = series(base)
    w, top = sup_pool(mem, key, smaller)  # tm() insists that every member joins TMDB
    add("order", q, [w], {"kind": "hits1"}, note=top, want=want)


@safe("order")
def person_sup(q, p, rel, key, want, smaller=False, skip_unjoined=()):
    """All of p's films must join TMDB, except films named in skip_unjoined (with a reason
    given at the call: e.g. a short that cannot win)."""
    fs = role_films(person(p), rel) - set(skip_unjoined)
    w, top = sup_pool(fs, key, smaller)
    add("order", q, [w], {"kind": "hits1"}, note=top, want=want)


@safe("order")
def genre_decade_sup(q, genre, decade, key, want, smaller=False):
    lo, hi = decade, decade + 9
    kb_pool = {m for m in F(genre=genre, years=(lo, hi)) if m in kb.tmdb and not kb.tmdb[m]["amb"]
               and kb.tmdb[m][key] and (key != "vote_average" or kb.tmdb[m]["vote_count"] >= 100)}
    tm_pool = {m for m, t in kb.tmdb.items() if TMDB_GENRE[genre] in t["genres"] and not t["amb"]
               and t[key] and (key != "vote_average" or t["vote_count"] >= 100)
               and any(lo <= int(y) <= hi for y in kb.fwd[m][YEAR])}
    w1, top1 = sup_pool(kb_pool, key, smaller)
    w2, top2 = sup_pool(tm_pool, key, smaller)
    need(w1 == w2, f"KB genre says {w1}, TMDB genre says {w2}")
    # all of TMDB 5000, also films the KB lacks (The Godfather: Part II is not in the KB)
    raw = sorted(((r[key], r["title"]) for r in TMDB_ROWS if TMDB_GENRE[genre] in r["genres"]
                  and lo <= r["year"] <= hi and r[key] and (key != "vote_average" or r["vote_count"] >= 100)),
                 reverse=not smaller)
    need(raw[0][1] == w1 and clear(raw[0][0], raw[1][0], key), f"all of TMDB: {raw[:2]}")
    add("order", q, [w1], {"kind": "hits1"}, note=top1, want=want)


nth_film("what was the first movie spielberg directed", "Steven Spielberg", DIR, 1, "Duel")
nth_film("whats kubrick's last film", "Stanley Kubrick", DIR, -1, "Eyes Wide Shut")
nth_film("what was martin scorsese's first film", "Martin Scorsese", DIR, 1, "Who's That Knocking at My Door")
nth_film("the first movie woody allen directed?", "Woody Allen", DIR, 1, "What's Up, Tiger Lily?")
nth_film("what was the first film clint eastwood directed", "Clint Eastwood", DIR, 1, "Play Misty for Me")
nth_film("john ford's last movie", "John Ford", DIR, -1, "7 Women")
nth_film("what was john wayne's final film", "John Wayne", ACT, -1, "The Shootist")
nth_film("marilyn monroe's last movie", "Marilyn Monroe", ACT, -1, "The Misfits")
nth_film("what was the first film tarantino wrote", "Quentin Tarantino", WRI, 1, "Reservoir Dogs")
nth_film("spielbergs latest movie", "Steven Spielberg", DIR, -1, "Lincoln")
nth_film("what was the second film quentin tarantino directed", "Quentin Tarantino", DIR, 2, "Pulp Fiction")
nth_film("what was hitchcock's first movie", "Alfred Hitchcock", DIR, 1, "The Pleasure Garden")
nth_film("which was james dean's first film", "James Dean", ACT, 1, "East of Eden")
nth_film("what was the last movie james dean made", "James Dean", ACT, -1, "Giant")
nth_film("what was the first movie sofia coppola directed", "Sofia Coppola", DIR, 1, "The Virgin Suicides")
nth_film("wes andersons first film", "Wes Anderson", DIR, 1, "Bottle Rocket")
nth_film("what's the latest film ethan coen wrote", "Ethan Coen", WRI, -1, "Inside Llewyn Davis")
nth_film("what was david fincher's first movie as director", "David Fincher", DIR, 1, "Alien 3")
nth_film("what's the newest tim burton movie", "Tim Burton", DIR, -1, "Big Eyes")
nth_film("what was charlie chaplin's last film as a director", "Charlie Chaplin", DIR, -1, "A Countess from Hong Kong")
nth_film("what was the last film orson welles directed", "Orson Welles", DIR, -1, None)
nth_together("what was the first movie tom hanks and meg ryan did together", "Tom Hanks", "Meg Ryan", 1,
             "Joe Versus the Volcano")
nth_together("the first film de niro and scorsese made together", "Robert De Niro", "Martin Scorsese", 1,
             "Mean Streets")
nth_together("whats the most recent movie with both johnny depp and tim burton", "Johnny Depp", "Tim Burton",
             -1, "Dark Shadows")
series_nth("what's the second men in black movie", "Men in Black", 2, "Men in Black II")
series_nth("which paranormal activity came out last", "Paranormal Activity", -1, "Paranormal Activity 4")
series_nth("which was the most recent scary movie film", "Scary Movie", -1, "Scary Movie 5")
series_sup("which back to the future movie has the best rating", "Back to the Future", "vote_average",
           "Back to the Future")
series_sup("which toy story is the longest", "Toy Story", "runtime", "Toy Story 3")
series_sup("which spider-man film made the most money", "Spider-Man", "revenue", None)
series_sup("what's the worst rated saw movie", "Saw", "vote_average", None, smaller=True)
series_sup("which iron man movie made the most", "Iron Man", "revenue", "Iron Man 3")
series_sup("which final destination movie is the shortest", "Final Destination", "runtime", None, smaller=True)
series_sup("highest rated beverly hills cop movie", "Beverly Hills Cop", "vote_average", "Beverly Hills Cop")
series_sup("which of the expendables films had the biggest budget", "The Expendables", "budget", None)
series_sup("which superman film is rated highest", "Superman", "vote_average", "Superman")
person_sup("which wes anderson movie made the most money", "Wes Anderson", DIR, "revenue",
           "The Grand Budapest Hotel", skip_unjoined=("Hotel Chevalier",))  # a 13-minute short
person_sup("what's david fincher's highest rated film", "David Fincher", DIR, "vote_average", None)
person_sup("which christopher nolan movie had the smallest budget", "Christopher Nolan", DIR, "budget",
           "Following", smaller=True, skip_unjoined=("Doodlebug",))  # Doodlebug: a 3-minute short
genre_decade_sup("highest grossing animated film of the 2000s", "Animation", 2000, "revenue", None)
genre_decade_sup("what's the longest war movie from the 1970s", "War", 1970, "runtime", None)
genre_decade_sup("top rated western of the 1990s", "Western", 1990, "vote_average", None)
# (the 90s horror film with the most revenue would be The Blair Witch Project: neither the KB nor TMDB
#  calls The Sixth Sense or The Silence of the Lambs horror, but many people would; not asked)
genre_decade_sup("highest grossing western of the 1990s", "Western", 1990, "revenue", "Dances with Wolves")
genre_decade_sup("best reviewed horror film of the seventies", "Horror", 1970, "vote_average", None)
genre_decade_sup("best rated crime film of the 1970s", "Crime", 1970, "vote_average", None)


# ----------------------------------------------------------------------------
# 4. negation
# ----------------------------------------------------------------------------
def years_of(m, p=None):
    """Years of a KB film; for a merged title, the year(s) of the record(s) involving p."""
    if yr(m) is not None:
        return {yr(m)}
    recs = [RECS[i] for i in REC_BY_TITLE[m]]
    if p is not None:
        recs = [d for d in recs if any(p in d[r] for r in ROLES) or p.lower() in d[TAG]]
    return {d["year"] for d in recs if d["year"]}


@safe("negation")
def neg(q, sets, note=None, want=None):
    """sets: a function giving (base films, films to take away), so that a missing name drops
    the item instead of stopping the run."""
    base, removed = (set(x) for x in sets())
    need(base & removed, "the negation removes nothing")
    gold = base - removed
    need(gold, "nothing left")
    add("negation", q, ranked(gold), {"kind": "hits1"},
        note=note or f"{len(base)} - {len(base & removed)} = {len(gold)}", want=want)


def outside_years(films, p, lo, hi):
    """(kept, removed): films whose year is outside / inside [lo, hi]; undecidable ones dropped."""
    keep, rem = set(), set()
    for m in films:
        ys = years_of(m, p)
        if len(ys) != 1:
            continue
        (keep if not lo <= next(iter(ys)) <= hi else rem).add(m)
    return keep | rem, rem


def rec_titles(genre, lo=None, hi=None, actor=None):
    """Titles of film records with the genre (and year range / cast member): a merged title only
    counts when the record that matches is the one asked about."""
    return {d["title"] for d in RECS if genre in d[GEN]
            and (lo is None or (d["year"] and lo <= d["year"] <= hi))
            and (actor is None or actor in d[ACT] or actor.lower() in d[TAG])}


def genre_split(films, g):
    """Only films with a genre listed take part: a film without one may or may not be a g."""
    with_g = {m for m in films if kb.fwd[m][GEN]}
    return with_g, {m for m in with_g if g in kb.fwd[m][GEN]}


N = neg
N("tom hanks movies not from the 90s", lambda: outside_years(acted("Tom Hanks"), "Tom Hanks", 1990, 1999))
N("films spielberg directed that he didnt write",
  lambda: (role_films("Steven Spielberg", DIR), role_films("Steven Spielberg", WRI)))
N("westerns from the 1950s without john wayne",
  lambda: (rec_titles("Western", 1950, 1959), acted("John Wayne")))
N("clint eastwood movies he didn't direct", lambda: (acted("Clint Eastwood"), role_films("Clint Eastwood", DIR)))
N("robert de niro films that weren't directed by scorsese",
  lambda: (acted("Robert De Niro"), role_films("Martin Scorsese", DIR)))
N("scorsese movies without de niro", lambda: (role_films("Martin Scorsese", DIR), acted("Robert De Niro")))
N("tarantino films other than pulp fiction", lambda: (role_films("Quentin Tarantino", DIR), {"Pulp Fiction"}))
N("johnny depp movies that tim burton didn't direct", lambda: (acted("Johnny Depp"), role_films("Tim Burton", DIR)))
N("jim carrey movies that aren't comedies", lambda: genre_split(acted("Jim Carrey"), "Comedy"))
N("hitchcock films not made in the 1950s",
  lambda: outside_years(role_films("Alfred Hitchcock", DIR), "Alfred Hitchcock", 1950, 1959))
N("george clooney movies he didnt direct himself",
  lambda: (acted("George Clooney"), role_films("George Clooney", DIR)))
N("coen brothers films without frances mcdormand",
  lambda: (role_films("Ethan Coen", DIR) | role_films("Joel Coen", DIR), acted("Frances McDormand")))
N("musicals from the fifties that don't have gene kelly in them",
  lambda: (rec_titles("Musical", 1950, 1959), acted("Gene Kelly")))
N("which woody allen movies did he write but not act in",
  lambda: (role_films("Woody Allen", WRI), acted("Woody Allen")))
N("films with harrison ford not directed by spielberg or lucas",
  lambda: (acted("Harrison Ford"), role_films("Steven Spielberg", DIR) | role_films("George Lucas", DIR)))
N("bruce willis movies that aren't action movies", lambda: genre_split(acted("Bruce Willis"), "Action"))
N("john wayne westerns not directed by john ford",
  lambda: (rec_titles("Western", actor="John Wayne"), role_films("John Ford", DIR)))
N("kubrick films that he didn't write himself",
  lambda: (role_films("Stanley Kubrick", DIR), role_films("Stanley Kubrick", WRI)))
N("meryl streep films not from the 2000s",
  lambda: outside_years(acted("Meryl Streep"), "Meryl Streep", 2000, 2009))
N("horror movies from 1980 that weren't written by stephen king",
  lambda: (rec_titles("Horror", 1980, 1980), role_films("Stephen King", WRI)))
N("leonardo dicaprio movies not with martin scorsese",
  lambda: (acted("Leonardo DiCaprio"), role_films("Martin Scorsese", DIR)))
N("ridley scott movies other than alien and gladiator",
  lambda: (role_films("Ridley Scott", DIR), {"Alien", "Gladiator"}))
N("which nolan movies don't have christian bale",
  lambda: (role_films("Christopher Nolan", DIR), acted("Christian Bale")))
N("adam sandler comedies not from the 90s",
  lambda: outside_years({m for m in acted("Adam Sandler") if "Comedy" in kb.fwd[m][GEN]}, "Adam Sandler",
                        1990, 1999))
N("films starring tom cruise that weren't made in the 80s",
  lambda: outside_years(acted("Tom Cruise"), "Tom Cruise", 1980, 1989))


# ----------------------------------------------------------------------------
# 5. count
# ----------------------------------------------------------------------------
@safe("count")
def count(q, kb_set, n_records, want=None):
    kb_set = set(kb_set)
    need(len(kb_set) == n_records, f"KB titles {len(kb_set)} != film records {n_records}")
    add("count", q, ranked(kb_set), {"kind": "count", "count": len(kb_set)}, note=len(kb_set), want=want)


def n_recs(pred):
    return sum(1 for d in RECS if pred(d))


def count_role(q, p, rel, want=None, **kw):
    """Films of p in rel (acting: p must have no films linked only by a name tag)."""
    try:
        person(p)
        if rel == ACT:
            need(not (acted(p) - role_films(p, ACT)),
                 f"{p} has films linked only by a name tag: {sorted(acted(p) - role_films(p, ACT))}")
        kbs = role_films(p, rel) & (F(**kw) if kw else set(kb.movies))
        g, ys = kw.get("genre"), kw.get("years")

        def pred(d):
            return (p in d[rel] and (g is None or g in d[GEN])
                    and (ys is None or (d["year"] and ys[0] <= d["year"] <= ys[1])))
    except Skip as e:
        dropped.append(("count", q, str(e)))
        return
    count(q, kbs, n_recs(pred), want)


count_role("how many films did stanley kubrik direct", "Stanley Kubrick", DIR)
count_role("how many movies has brad pitt been in", "Brad Pitt", ACT)
count_role("how many westerns did john ford make", "John Ford", DIR, genre="Western")
count_role("how many films has woody allen written", "Woody Allen", WRI)
count_role("How many movies did Quentin Tarantino direct?", "Quentin Tarantino", DIR, want=8)
count_role("how many movies did spielberg make in the 80s", "Steven Spielberg", DIR, years=(1980, 1989))
count_role("how many films did akira kurosawa direct", "Akira Kurosawa", DIR)
count_role("how many movies has meryl streep been in", "Meryl Streep", ACT)
count_role("how many horror movies did john carpenter direct", "John Carpenter", DIR, genre="Horror")
count_role("how many films did james cameron direct", "James Cameron", DIR)
count_role("how many comedies has adam sandler been in", "Adam Sandler", ACT, genre="Comedy")
count_role("number of movies directed by david fincher", "David Fincher", DIR)
count_role("how many films has wes anderson directed so far", "Wes Anderson", DIR)
count_role("how many movies did ingmar bergman write", "Ingmar Bergman", WRI)
count_role("how many movies did john wayne make in the 1950s", "John Wayne", ACT, years=(1950, 1959))
count_role("how many movies did alfred hitchcock direct in the 1940s", "Alfred Hitchcock", DIR, years=(1940, 1949))
count_role("how many movies has tom hanks directed", "Tom Hanks", DIR, want=2)
count_role("how many films did sergio leone direct", "Sergio Leone", DIR)
count_role("how many movies did john hughes write?", "John Hughes", WRI)
count_role("how many films was audrey hepburn in", "Audrey Hepburn", ACT)
count_role("how many movies has sandra bullock been in?", "Sandra Bullock", ACT)
count_role("how many films has paul rudd acted in", "Paul Rudd", ACT)
count_role("how many movies did hayao miyazaki direct", "Hayao Miyazaki", DIR)
count_role("how many films did billy wilder write", "Billy Wilder", WRI)
count_role("how many comedies did woody allen direct", "Woody Allen", DIR, genre="Comedy")
count_role("how many films did clint eastwood direct in the 2000s", "Clint Eastwood", DIR, years=(2000, 2009))


@safe("count")
def count_together(q, p1, p2, want=None):
    kbs = any_role_films(person(p1)) & any_role_films(person(p2))
    def linked(p, d):
        return any(p in d[r] for r in ROLES) or p.lower() in d[TAG]
    count(q, kbs, n_recs(lambda d: linked(p1, d) and linked(p2, d)), want)


count_together("how many movies did tom hanks and steven spielberg make together", "Tom Hanks",
               "Steven Spielberg")
count_together("how many films have de niro and scorsese done together", "Robert De Niro", "Martin Scorsese")
count_together("how many times has johnny depp worked with tim burton", "Johnny Depp", "Tim Burton")
count_together("how many films did christian bale and christopher nolan make", "Christian Bale",
               "Christopher Nolan")
count_together("how many movies did john wayne and john ford make together", "John Wayne", "John Ford")


@safe("count")
def count_genre_year(q, g, year, want=None):
    kbs = F(genre=g, year=year)
    count(q, kbs, n_recs(lambda d: g in d[GEN] and d["year"] == year), want)


count_genre_year("how many westerns came out in 1956", "Western", 1956)
count_genre_year("how many horror movies were released in 1999", "Horror", 1999)
count_genre_year("how many animated films came out in 2009?", "Animation", 2009)
count_genre_year("how many horror films came out in 1981", "Horror", 1981)
count_genre_year("how many musicals were released in 1953", "Musical", 1953)


@safe("count")
def count_directors_of(q, p, want=None):
    need(acted(person(p)) == role_films(p, ACT), f"{p} has films linked only by a name tag")
    kbs = vals(role_films(p, ACT), DIR) - {p}
    recs = set()
    for d in RECS:
        if p in d[ACT]:
            recs |= set(d[DIR])
    need(kbs == recs - {p}, f"merged titles bring in {sorted(kbs ^ (recs - {p}))}")
    add("count", q, ranked(kbs), {"kind": "count", "count": len(kbs)}, note=len(kbs), want=want)


count_directors_of("with how many directors has paul rudd made films", "Paul Rudd")


# ----------------------------------------------------------------------------
# 6. beyond (the KB lacks the last hop)
# ----------------------------------------------------------------------------
# Tags sometimes carry the very fact (e.g. "best picture" on The Godfather, "ennio morricone" on
# The Good, the Bad and the Ugly): a film whose tags hint at the asked fact is not used.
HINT_WORDS = {"award": ("best picture", "oscar", "award", "palme", "golden", "academy", "cannes", "bafta",
                        "winner", "nominee"),
              "music": ("composer", "score", "morricone", "john williams", "herrmann", "zimmer", "elfman",
                        "vangelis", "nino rota", "goldsmith", "horner", "shore", "silvestri", "max steiner",
                        "john barry", "philip glass", "maurice jarre", "elmer bernstein", "newman"),
              "character": ("joker", "batman", "james bond", "007", "sherlock", "dracula", "corleone",
                            "torrance", "rocky balboa")}


@safe("beyond")
def lacks(q, fact, partial=(), about_film=None, not_in_tmdb=False):
    if about_film:
        film(about_film)
        if not_in_tmdb:
            need(about_film.lower() not in TMDB_ANY_TITLE, f"{about_film} is in TMDB (it holds {fact})")
        hints = [t for t in kb.fwd[about_film][TAG] if any(w in t for w in HINT_WORDS.get(fact, ()))]
        need(not hints, f"{about_film}'s tags hint at the {fact}: {hints}")
    for a in partial:
        need(a in kb.entities, f"not in KB: {a}")
    add("beyond", q, ranked(partial), {"kind": "lacks", "fact": fact},
        note=f"about {about_film}" if about_film else None)


def of(m, rel):
    return kb.fwd[film(m)][rel]


def guarded(fn):
    try:
        return fn()
    except Skip as e:
        return e


def lacks_via(q, fact, m, rel, **kw):
    r = guarded(lambda: of(m, rel))
    if isinstance(r, Skip):
        dropped.append(("beyond", q, str(r)))
        return
    if not r:
        dropped.append(("beyond", q, f"no {rel} for {m}"))
        return
    lacks(q, fact, r, about_film=m, **kw)


def lacks_person(q, fact, p, rel=None):
    r = guarded(lambda: acted(person(p)) if rel in (None, ACT) else role_films(person(p), rel))
    if isinstance(r, Skip):
        dropped.append(("beyond", q, str(r)))
        return
    lacks(q, fact, r)


lacks_via("where was the director of jaws born", "birthplace", "Jaws", DIR)
lacks_person("when was meryl streep born", "birth_date", "Meryl Streep")
lacks_person("is sean connery still alive", "death", "Sean Connery")
lacks_person("how old is clint eastwood", "age", "Clint Eastwood")
lacks_person("what nationality is ang lee", "nationality", "Ang Lee", DIR)
lacks_person("who is tom hanks married to", "family", "Tom Hanks")
lacks_person("where did spielberg go to college", "education", "Steven Spielberg", DIR)
lacks("who did jack nicholson play in the shining", "character", [], about_film="The Shining")
lacks("what oscars did the shining win", "award", [], about_film="The Shining")
lacks_person("what tv shows has james gandolfini been in", "tv", "James Gandolfini")
lacks("who composed the music for jaws", "music", [], about_film="Jaws")
lacks("how much did the seventh seal make at the box office", "box_office", [],
      about_film="The Seventh Seal", not_in_tmdb=True)
lacks("whats the budget of bicycle thieves", "budget", [], about_film="Bicycle Thieves", not_in_tmdb=True)
lacks("how long is the movie la dolce vita", "runtime", [], about_film="La Dolce Vita", not_in_tmdb=True)
lacks("which studio made ikiru", "studio", [], about_film="Ikiru", not_in_tmdb=True)
lacks("who produced the 400 blows", "producer", [], about_film="The 400 Blows", not_in_tmdb=True)
lacks("who was the cinematographer on barry lyndon", "crew", [], about_film="Barry Lyndon")
lacks("where was lawrence of arabia filmed", "filming_location", [], about_film="Lawrence of Arabia")
lacks("what country is m from, the fritz lang movie", "country", [], about_film="M", not_in_tmdb=True)
lacks_via("where was the star of rebel without a cause born", "birthplace", "Rebel Without a Cause", ACT)
lacks_via("how old was the director of citizen kane when he made it", "age", "Citizen Kane", DIR)
lacks_via("what awards has the writer of the social network won", "award", "The Social Network", WRI)
lacks_via("who is the wife of the guy who directed the shining", "family", "The Shining", DIR)
lacks_via("is the director of taxi driver still alive", "death", "Taxi Driver", DIR)
lacks("did taxi driver win any oscars", "award", [], about_film="Taxi Driver")
lacks_person("where was audrey hepburn born", "birthplace", "Audrey Hepburn")
lacks_via("which university did the writer of good will hunting go to", "education", "Good Will Hunting", WRI)
lacks("who did the soundtrack for the good the bad and the ugly", "music", [],
      about_film="The Good, the Bad and the Ugly")  # dropped: its tags name ennio morricone
lacks("who wrote the score for blade runner", "music", [], about_film="Blade Runner")
lacks_person("how tall is tom cruise", "other", "Tom Cruise")


# ----------------------------------------------------------------------------
# 7. multihop (gold over film records; the KB-title traversal is shown beside it with -v)
# ----------------------------------------------------------------------------
def rec_films_of(names, rel):
    """Film records with any of names in rel; for the cast, also records tagged with the name and
    not linked to the person as director or writer (casts are cut at about four names)."""
    out = set()
    for n in names:
        out |= set(REC_BY_VAL[rel].get(n, []))
        if rel == ACT:
            out |= {i for i in REC_BY_VAL[TAG].get(n.lower(), [])
                    if n not in RECS[i][DIR] and n not in RECS[i][WRI]}
    return out


def rec_vals(idxs, rel):
    out = set()
    for i in idxs:
        out |= set(RECS[i][rel])
    return out


def path(start, steps, start_is_film):
    """Follow steps [(rel, 'fwd'|'rev')] over film records and over KB titles.
    Returns (record gold, kb gold); films come out as titles."""
    if start_is_film:
        film(start)
        need(len(REC_BY_TITLE[start]) == 1, f"{start} has {len(REC_BY_TITLE[start])} records")
        r_cur, k_cur, r_is_film = set(REC_BY_TITLE[start]), {start}, True
    else:
        person(start)
        r_cur, k_cur, r_is_film = {start}, {start}, False
    for rel, d in steps:
        if d == "fwd":
            assert r_is_film
            r_cur, k_cur, r_is_film = rec_vals(r_cur, rel), vals(k_cur, rel), False
        else:
            assert not r_is_film
            k_new = set()
            for n in k_cur:
                k_new |= acted(n) if rel == ACT else set(kb.rev[n][rel])
            r_cur, k_cur, r_is_film = rec_films_of(r_cur, rel), k_new, True
    if r_is_film:
        r_cur = {RECS[i]["title"] for i in r_cur}
    return r_cur, k_cur


@safe("multihop")
def hop(q, start, steps, start_is_film=False, exclude_start=True, want=None):
    rg, kg = path(start, steps, start_is_film)
    if exclude_start:
        rg, kg = rg - {start}, kg - {start}
    need(rg, "empty gold")
    diff = sorted(kg - rg)
    add("multihop", q, ranked(rg), {"kind": "hits1"},
        note=f"n={len(rg)}" + (f" kb-only(merged titles)={diff[:5]}" if diff else ""), want=want)


FILM_DIR = [(DIR, "fwd"), (DIR, "rev")]
# (the start person stays in the gold when they can be an answer: Hanks directed two of his films)
hop("who directed the movies tom hanks was in", "Tom Hanks", [(ACT, "rev"), (DIR, "fwd")], exclude_start=False)
hop("what else did the director of inception make", "Inception", FILM_DIR, start_is_film=True)
hop("what languages are the films by the writer of the seventh seal in", "The Seventh Seal",
    [(WRI, "fwd"), (WRI, "rev"), (LANG, "fwd")], start_is_film=True, exclude_start=False)
hop("who has acted in movies directed by sofia coppola", "Sofia Coppola", [(DIR, "rev"), (ACT, "fwd")])
hop("what kinds of movies has the guy who directed alien made", "Alien", [(DIR, "fwd"), (DIR, "rev"), (GEN, "fwd")],
    start_is_film=True, exclude_start=False)
hop("other movies from the people who wrote toy story", "Toy Story", [(WRI, "fwd"), (WRI, "rev")],
    start_is_film=True)
hop("who has keanu reaves acted with", "Keanu Reeves", [(ACT, "rev"), (ACT, "fwd")])
hop("when did the films directed by the director of the usual suspects come out", "The Usual Suspects",
    [(DIR, "fwd"), (DIR, "rev"), (YEAR, "fwd")], start_is_film=True, exclude_start=False)
hop("which actors were in films written by the writer of fargo", "Fargo", [(WRI, "fwd"), (WRI, "rev"), (ACT, "fwd")],
    start_is_film=True, exclude_start=False)
hop("who wrote the films sofia coppola directed", "Sofia Coppola", [(DIR, "rev"), (WRI, "fwd")],
    exclude_start=False)
hop("what other movies did the cast of the breakfast club do", "The Breakfast Club", [(ACT, "fwd"), (ACT, "rev")],
    start_is_film=True)
hop("directors that have worked with the writer of chinatown", "Chinatown", [(WRI, "fwd"), (WRI, "rev"), (DIR, "fwd")],
    start_is_film=True, exclude_start=False)
hop("the director of the royal tenenbaums, what else has he done", "The Royal Tenenbaums", FILM_DIR,
    start_is_film=True)
hop("movies by the director of pans labyrinth", "Pan's Labyrinth", FILM_DIR, start_is_film=True)
hop("which directors has samuel l. jackson worked with", "Samuel L. Jackson", [(ACT, "rev"), (DIR, "fwd")])
hop("who starred in the films written by charlie kaufman", "Charlie Kaufman", [(WRI, "rev"), (ACT, "fwd")])
hop("what genres are the movies bill murray has been in", "Bill Murray", [(ACT, "rev"), (GEN, "fwd")])
hop("who are the actors in the other films by the guy who directed drive", "Drive",
    [(DIR, "fwd"), (DIR, "rev"), (ACT, "fwd")], start_is_film=True, exclude_start=False)
hop("what years did the writer of memento have films out", "Memento", [(WRI, "fwd"), (WRI, "rev"), (YEAR, "fwd")],
    start_is_film=True, exclude_start=False)
hop("who directed the films that the star of rocky wrote", "Rocky", [(ACT, "fwd"), (WRI, "rev"), (DIR, "fwd")],
    start_is_film=True, exclude_start=False)
hop("what other films did the actors from pulp fiction make", "Pulp Fiction", [(ACT, "fwd"), (ACT, "rev")],
    start_is_film=True)
hop("who wrote the movies that ang lee directed", "Ang Lee", [(DIR, "rev"), (WRI, "fwd")], exclude_start=False)
hop("what languages are michael haneke's films in", "Michael Haneke", [(DIR, "rev"), (LANG, "fwd")])
hop("what other films has the screenwriter of the usual suspects written", "The Usual Suspects",
    [(WRI, "fwd"), (WRI, "rev")], start_is_film=True)
hop("who acted in movies directed by the director of the big lebowski", "The Big Lebowski",
    [(DIR, "fwd"), (DIR, "rev"), (ACT, "fwd")], start_is_film=True, exclude_start=False)
hop("directors of the films that julia roberts starred in", "Julia Roberts", [(ACT, "rev"), (DIR, "fwd")])

# ----------------------------------------------------------------------------
# write
# ----------------------------------------------------------------------------
os.makedirs(os.path.dirname(os.path.abspath(ARGS.out)), exist_ok=True)
with open(ARGS.out, "w", encoding="utf-8") as f:
    for cat in CATEGORIES:
        for r in items[cat]:
            f.write(json.dumps({k: v for k, v in r.items() if k != "_note"}, ensure_ascii=False) + "\n")

print("wrote", ARGS.out, f"(seed {SEED})")
for cat in CATEGORIES:
    extra = ""
    if cat == "check" or cat == "compare":
        vs = collections.Counter(r["expect"].get("verdict") for r in items[cat] if r["expect"]["kind"] == "verdict")
        extra = f"  verdicts {dict(vs)}" if vs else ""
    print(f"  {cat:10s} {len(items[cat])}{extra}")
print(f"  {'total':10s} {sum(len(v) for v in items.values())}")
if dropped:
    print(f"dropped ({len(dropped)}):")
    for d in dropped:
        print("   ", d)
if ARGS.verbose:
    for cat in CATEGORIES:
        print("=" * 20, cat)
        for r in items[cat]:
            a = r["answers"]
            e = r["expect"]
            ex = {k: v for k, v in e.items() if k != "kind"} or ""
            print(f"  [{r['id']}] {r['question']!r}\n      -> {e['kind']} {ex} n={len(a)} {a[:6]}"
                  f"{' ...' if len(a) > 6 else ''}  | {r['_note']}")
