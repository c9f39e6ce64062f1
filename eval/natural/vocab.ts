/** The words users use for KB genres and the options of "scary or funny?" questions. */

/** A KB genre as a plural noun phrase ("westerns", "horror films"); `{films}` is filled by the voice. */
export const GENRE_PLURAL: Record<string, readonly string[]> = {
  Drama: ["dramas", "drama {films}"],
  Comedy: ["comedies", "comedy {films}"],
  Horror: ["horror {films}", "horror {films}"],
  Action: ["action {films}", "action {films}"],
  Thriller: ["thrillers", "thriller {films}"],
  Crime: ["crime {films}", "crime {films}"],
  Adventure: ["adventure {films}", "adventure {films}"],
  War: ["war {films}", "war {films}"],
  Documentary: ["documentaries", "documentary {films}"],
  Western: ["westerns", "western {films}"],
  Musical: ["musicals", "musical {films}"],
  Fantasy: ["fantasy {films}", "fantasy {films}"],
  Mystery: ["mysteries", "mystery {films}"],
  Romance: ["romance {films}", "romantic {films}"],
  Animation: ["animated {films}", "animated {films}"],
  Family: ["family {films}", "family {films}"],
  Sport: ["sports {films}", "sports {films}"],
  Biography: ["biopics", "biographical {films}"],
};

/** A KB genre as one of a film: "a comedy", "a horror film". */
export const GENRE_SINGULAR: Record<string, string> = {
  Drama: "drama", Comedy: "comedy", Horror: "horror movie", Action: "action movie", Thriller: "thriller", Crime: "crime film",
  Adventure: "adventure film", War: "war film", Documentary: "documentary", Western: "western", Musical: "musical", Fantasy: "fantasy film",
  Mystery: "mystery", Romance: "romance", Animation: "animated film", Family: "family film", Sport: "sports film", Biography: "biopic",
};

/** How a "scary or funny?" option maps to a KB genre (the brief's table). */
export const OPTION_GENRE: Record<string, string> = {
  scary: "Horror", funny: "Comedy", romantic: "Romance", exciting: "Action", "action-packed": "Action",
  sad: "Drama", serious: "Drama", thrilling: "Thriller", suspenseful: "Thriller",
};

/** The genre as a noun in "more horror or comedy?". */
export const GENRE_NOUN: Record<string, string> = {
  Horror: "horror", Comedy: "comedy", Romance: "romance", Action: "action", Drama: "drama", Thriller: "thriller",
};

/** ISO 639-1 codes of KB languages, to check that a "French film" is French in TMDB too. */
export const LANGUAGE_CODE: Record<string, string> = {
  French: "fr", Spanish: "es", German: "de", Hindi: "hi", Japanese: "ja", Italian: "it", Russian: "ru", Korean: "ko",
  Portuguese: "pt", Danish: "da", Swedish: "sv", Dutch: "nl", Persian: "fa", Thai: "th", Hebrew: "he", Czech: "cs",
  Arabic: "ar", Indonesian: "id", Romanian: "ro", Hungarian: "hu", Icelandic: "is", Turkish: "tr", Polish: "pl", Greek: "el",
  Mandarin: "zh", Cantonese: "cn", Norwegian: "no", Tamil: "ta", Telugu: "te", Vietnamese: "vi",
};
