import { RELATION_WORDS } from "../question/lexicon/relations";

/**
 * Words that carry the *shape* of a movie question ("who directed the films starring ..."), not an
 * entity. A span made only of these (and stop words) is very unlikely to be the entity the user
 * means, even when some title happens to match it ("The Director", "Who").
 */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  (
    "movie movies film films picture pictures flick flicks cinema director directors directed direct directing directs " +
    "actor actors actress actresses acted act acting acts starred star stars starring costar costars co appear appears appeared appearing " +
    "cast casts writer writers wrote write written writing screenwriter screenwriters scriptwriter scriptwriters screenplay script " +
    "release released releases year years date dates genre genres type types kind language languages spoken tag tags describe described " +
    "words word topics topic about share shares shared same together also other others person people someone listed considered " +
    "rate rated rating ratings popular popularity good famous votes imdb primary main which what who whom whose when where how many much " +
    "did does do was were is are be been the a an of in on by for with to and or from that this those these as at into list give show tell " +
    "name names find me please can could would you all any some most more than once twice both either worked work works working made make " +
    "makes making produced behind involved role roles played play plays playing featured featuring feature features"
  )
    .split(" ")
    // Every word that names a relation ("nature" for genre, "terms" for tags) is question wording too.
    .concat(Object.values(RELATION_WORDS).flatMap((words) => Object.keys(words))),
);
