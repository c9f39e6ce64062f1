import { describe, expect, it } from "vitest";
import { unusableSentence } from "../../agents/answering/sentence-check";

describe("unusableSentence", () => {
  it("accepts a sentence that names a picked answer", () => {
    expect(unusableSentence("Marlee Matlin appears in Children of a Lesser God and Hear No Evil.", ["Hear No Evil"])).toBeUndefined();
    expect(unusableSentence("The knowledge base does not say.", [])).toBeUndefined();
  });
  it("rejects numbers, loops and sentences about something else", () => {
    expect(unusableSentence("][ 3. 3. 2. 1. 2. 3. 2. 1. 2. 3. 2. 1.", ["Hear No Evil"])).toMatch(/repeats/);
    expect(unusableSentence("][1] 4. 5. 6.", ["Hear No Evil"])).toMatch(/numbers/);
    expect(unusableSentence("the film the film the film the film the film", [])).toMatch(/repeats/);
    expect(unusableSentence("It was directed by someone famous.", ["Michael Curtiz"])).toMatch(/names none/);
    expect(unusableSentence("   ", [])).toMatch(/empty/);
  });
});

describe("unusableSentence with a bare figure", () => {
  it("accepts a year that is the picked answer", () => {
    expect(unusableSentence("1975", ["1975"])).toBeUndefined();
    expect(unusableSentence("1975", ["1982"])).toMatch(/numbers/);
  });
});
