"""Read-only loaders for the probe generator (the data stays in the data directory; nothing is copied)."""
import os
import collections
import csv
import gzip
import json

# The data directory, as the service reads it: DATA_DIR, else ../shared/data beside the project.
DATA = os.environ.get("DATA_DIR") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data")
RELS = ["directed_by", "written_by", "starred_actors", "release_year", "in_language",
        "has_genre", "has_tags", "has_imdb_rating", "has_imdb_votes"]


class KB:
    def __init__(self):
        self.fwd = collections.defaultdict(lambda: collections.defaultdict(set))
        self.rev = collections.defaultdict(lambda: collections.defaultdict(set))
        self.entities = set()
        with open(f"{DATA}/metaqa/kb.txt", encoding="utf-8") as f:
            for line in f:
                s, r, o = line.rstrip("\n").split("|")
                self.fwd[s][r].add(o)
                self.rev[o][r].add(s)
                self.entities.add(s)
                self.entities.add(o)
        self.movies = set(self.fwd)
        # wikimovies: titles shared by several films (merged in kb) and plots
        self.title_count = collections.Counter()
        self.plot = {}
        with gzip.open(f"{DATA}/wikimovies/movies.jsonl.gz", "rt", encoding="utf-8") as f:
            for line in f:
                d = json.loads(line)
                self.title_count[d["title"]] += 1
                if d.get("plot_clean"):
                    self.plot.setdefault(d["title"], d["plot_clean"])
        # movie titles that also occur as objects (e.g. a person with the same name)
        self.movie_as_object = {m for m in self.movies if m in self.rev}
        # TMDB, joined on exact title + year. Ambiguous KB titles (merged films) are joined
        # too, flagged "amb": they take part in margins but are never used as gold.
        self.tmdb = {}
        tmdb_title_count = collections.Counter()
        rows = []
        with gzip.open(f"{DATA}/tmdb/tmdb_5000_movies.csv.gz", "rt", encoding="utf-8") as f:
            for r in csv.DictReader(f):
                rows.append(r)
                tmdb_title_count[(r["title"], r["release_date"][:4])] += 1
        for r in rows:
            t, y = r["title"], r["release_date"][:4]
            if t not in self.fwd:
                continue
            if y not in self.fwd[t]["release_year"] or tmdb_title_count[(t, y)] > 1:
                continue
            self.tmdb[t] = {
                "amb": self.ambiguous(t),
                "vote_average": float(r["vote_average"] or 0),
                "vote_count": int(r["vote_count"] or 0),
                "popularity": float(r["popularity"] or 0),
                "revenue": float(r["revenue"] or 0),
                "budget": float(r["budget"] or 0),
                "runtime": float(r["runtime"] or 0),
                "genres": [g["name"] for g in json.loads(r["genres"] or "[]")],
                "keywords": [g["name"] for g in json.loads(r["keywords"] or "[]")],
            }

    # ---- helpers -------------------------------------------------------
    def ambiguous(self, title):
        return (self.title_count[title] > 1 or len(self.fwd[title]["release_year"]) > 1
                or title in self.movie_as_object)

    def get(self, movie, rel):
        assert movie in self.movies, movie
        return set(self.fwd[movie][rel])

    def films_of(self, person, rel):
        assert person in self.entities, person
        return set(self.rev[person][rel])

    def year(self, movie):
        ys = self.fwd[movie]["release_year"]
        return int(next(iter(ys))) if len(ys) == 1 else None

    def votes(self, movie):
        return self.tmdb.get(movie, {}).get("vote_count", 0)
