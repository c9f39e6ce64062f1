/**
 * Plot questions written by hand, in our own words (never the WikiMovies plot's wording), for
 * well-known films whose plot is in the data. The gold is the film's exact KB title; plot.ts checks
 * that the title is in kb.txt and has a WikiMovies plot, and drops the item otherwise.
 */
export const PLOT_DESCRIPTIONS: readonly { film: string; question: string }[] = [
  { film: "The Shawshank Redemption", question: "that movie about a banker who gets locked up for killing his wife even though he didn't do it and spends like twenty years digging his way out of the jail" },
  { film: "Jurassic Park", question: "film where scientists bring extinct reptiles back using DNA from mosquitoes in amber and they get loose on the island when the fences go down" },
  { film: "Back to the Future", question: "What's the movie where a teenager drives a sports car back to the 1950s and accidentally stops his mom and dad from falling in love?" },
  { film: "Finding Nemo", question: "the cartoon where a dad fish crosses the whole ocean to get his kid back from a dentist's aquarium" },
  { film: "The Silence of the Lambs", question: "movie about a trainee agent who has to interview an imprisoned cannibal psychiatrist to catch a different murderer?" },
  { film: "Toy Story", question: "animated film where a pull-string sheriff gets jealous of the new astronaut action figure" },
  { film: "Forrest Gump", question: "film about a slow but kind man from alabama who somehow ends up at every big event in american history and also runs across the country a few times" },
  { film: "The Truman Show", question: "the one where a guy slowly figures out his whole town is a set and everyone around him is an actor and his life is broadcast 24/7" },
  { film: "Inception", question: "movie where a team goes into people's sleep, layers inside layers, to sneak a thought into a businessman's head" },
  { film: "The Matrix", question: "what's that movie where the world is actually a computer simulation and the hero takes the red pill" },
  { film: "Groundhog Day", question: "film about a grumpy tv forecaster stuck repeating february 2nd in a small pennsylvania town" },
  { film: "Jaws", question: "Which movie has a beach town sheriff hunting a huge man-eating fish with an old sailor and an oceanographer?" },
  { film: "E.T. the Extra-Terrestrial", question: "the film where a little boy hides a lost creature from outer space in his closet and helps it phone home" },
  { film: "Home Alone", question: "that christmas movie where a kid gets forgotten when his family flies to paris and he booby traps the house against two robbers" },
  { film: "Ratatouille", question: "cartoon about a rodent in paris who dreams of being a chef and steers a clumsy kitchen boy by pulling his hair" },
  { film: "The Sixth Sense", question: "movie where a kid says he sees dead people and a therapist tries to help him, with the big twist at the end" },
  { film: "Memento", question: "film told backwards about a guy who can't form new memories and tattoos clues on his body to find whoever killed his wife" },
  { film: "Cast Away", question: "movie where a delivery company guy is stranded alone after a plane goes down in the pacific and talks to a volleyball" },
  { film: "Ghostbusters", question: "the comedy where a bunch of scientists start a business catching spooks in new york with proton packs" },
  { film: "Mrs. Doubtfire", question: "film where a divorced dad dresses up as an old scottish nanny so he can see his kids" },
  { film: "Edward Scissorhands", question: "what's the movie about an artificial boy with blades instead of fingers who moves to the suburbs and trims everyone's hedges" },
  { film: "Good Will Hunting", question: "film about a boston guy who cleans floors at a university but is secretly a math genius, and he sees a therapist" },
  { film: "Jumanji", question: "I'm trying to remember a movie, there's a cursed board game with jungle animals coming out of it and a man who was stuck inside the game since he was a kid, I think it was from the 90s" },
  { film: "Liar Liar", question: "comedy where a dishonest attorney suddenly can't say anything untrue for a day because his kid wished for it" },
  { film: "Rear Window", question: "old hitchcock movie where a guy laid up with his leg in a cast watches the apartments across the courtyard and suspects a salesman did away with his wife" },
];
