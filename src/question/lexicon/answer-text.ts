/**
 * Capitalised words that open a clause of written answer text and name nothing: pronouns, articles,
 * conjunctions, yes and no. The claims check of a model's text reads no name in them. Folded.
 */
export const CLAUSE_OPENERS = "i the a an it its he she they this that these those yes no and but or in on of both neither there here his her their".split(" ");
