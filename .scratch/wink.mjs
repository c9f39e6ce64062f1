import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
const nlp = winkNLP(model);
const its = nlp.its;
const texts = [
 "hafiz a rascally beggar on the periphery of the court of baghdad schemes to marry his daughter to royalty and to win the heart of the queen of the castle himself",
 "A young woman named Abby moves to ancient Prague where drug smugglers plot against a strong woman.",
 "outlaws ride to their doom in the american southwest after a bank robbery in texas",
];
for (const t of texts) {
  const doc = nlp.readDoc(t);
  console.log(doc.tokens().out(its.pos).join(' '));
  console.log(doc.entities().out(its.detail));
  doc.customEntities?.();
}
