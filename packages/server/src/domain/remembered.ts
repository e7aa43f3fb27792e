/**
 * A pure function of a text that remembers its answers, up to `kept` of them (then it forgets them all and starts
 * again): a store list repeats a few texts (a schedule, a day's hours) over and over, and each is worked out once.
 * The answers are shared between callers, so they must never be changed.
 */
export function remembered<T>(answerOf: (text: string) => T, kept = 10_000): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    let answer = answers.get(text);
    if (answer === undefined) {
      if (answers.size >= kept) answers.clear();
      answer = answerOf(text);
      answers.set(text, answer);
    }
    return answer;
  };
}
