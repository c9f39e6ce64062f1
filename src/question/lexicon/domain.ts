/**
 * Words that put a question in this service's domain (films and the people who make them). A
 * question with none of these, no relation word and no confidently linked title or person is
 * outside what the knowledge base covers.
 */
export const DOMAIN_WORDS = (
  "movie movies film films flick flicks picture pictures cinema cinematic feature features documentary documentaries " +
  "watch watched watching rewatch see seen saw stream streaming theater theatre theaters " +
  "actor actors actress actresses cast casting star stars starred starring costar costars role roles played plays " +
  "director directors directed direct directing filmmaker filmmakers screenplay screenwriter writer writers wrote written script " +
  "plot plots story storyline scene scenes ending sequel sequels prequel remake remakes franchise trilogy series " +
  "genre genres hollywood bollywood blockbuster blockbusters oscar oscars imdb tmdb box office grossing grossed runtime budget " +
  "comedy comedies drama dramas thriller thrillers horror western westerns musical musicals animated animation cartoon cartoons " +
  "anime noir romcom romcoms scifi sci fi " +
  "recommend recommendation recommendations suggest suggestion suggestions similar"
).split(" ");

/**
 * Topics the knowledge base does not cover: a question about these, with no film word, is out of
 * domain even if one of its words happens to be a film title ("the president of France").
 */
export const OFF_DOMAIN_WORDS = (
  "president presidents prime minister government election elections senator congress parliament king queen capital country countries " +
  "population weather temperature forecast rain snow stock stocks price prices bitcoin crypto currency exchange rate " +
  "recipe recipes cook cooking bake baking calories diet doctor medicine disease symptoms " +
  "math maths equation calculate sum plus minus times divided square root derivative integral " +
  "score scores football soccer basketball baseball tennis match league championship nba nfl " +
  "translate translation code program python javascript bug compile homework " +
  "flight flights hotel train bus traffic distance miles kilometers " +
  "sink sank sunk now today tonight tomorrow yesterday " +
  "won win wins winner painted paint painting painter invented inventor discovered born die died death age old married wife husband " +
  "cup bowl olympics song songs album singer band sing sang " +
  "joke jokes riddle poem laptop laptops phone phones smartphone iphone android programming tax taxes insurance mortgage job resume"
).split(" ");

/**
 * Film words that say only what is asked of the service ("recommend", "suggest", "watch"), not what
 * about: beside an off-domain word ("recommend a good laptop") they do not make a film question.
 */
export const REQUEST_ONLY_DOMAIN_WORDS = "recommend recommendation recommendations suggest suggestion suggestions similar watch watched watching see seen saw".split(" ");

/**
 * Facts this knowledge base does not hold about films or people in them: awards, ages, births and
 * deaths, marriages, earnings of people, and the crew it does not list (composers, cinematographers,
 * producers, studios). A question about one is answered as outside what it covers,
 * unless it also asks a relation the KB has ("which films did the Oscar winner direct").
 */
export const UNSUPPORTED_FACT_WORDS = (
  "oscar oscars award awards nominated nomination nominations won win winner born birthday birthplace died married spouse salary height " +
  "composer composers composed cinematographer cinematographers cinematography producer producers produced produce studio studios"
).split(" ");
export const SUPPORTED_RELATION_WORDS = "direct directed directs director directors wrote write written writer writers star starred starring stars acted actor actors actress cast released release genre genres language languages tagged".split(" ");

/** Awards, whose categories name roles ("best actor", "best supporting actress") without asking for one. */
export const AWARD_WORDS = "oscar oscars award awards nominated nomination nominations won win winner academy golden globe globes".split(" ");
export const AWARD_CATEGORY_OPENERS = ["best", "supporting"];

/** Verbs only a film (or its making) takes: a fact asked with one of a title the KB names is a film's fact ("what country was the ritz filmed in"). */
export const FILM_MAKING_VERBS = "filmed shot released premiered produced directed".split(" ");

/** Words that frame a topic as the kind of a film sought ("Halloween themed", "time travel stuff"): they add no topic of their own. */
export const TOPIC_FRAME_WORDS = ["themed", "theme", "type", "stuff", "related"];
/** Words that join topics without asking anything ("a boy and his dog", "about phones"); a question word or a pronoun is talk, not a topic. */
export const TOPIC_JOINING_WORDS = "a an the of about in on at with and or for from".split(" ");
