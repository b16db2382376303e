import { describe, expect, it } from "vitest";
import { workerQuestions } from "./workerQuestions";

describe("workerQuestions", () => {
  it("settles each question with the answer that carries its number, in any order", async () => {
    const questions = workerQuestions<string>();
    const posted: number[] = [];
    const first = questions.ask(
      (n) => posted.push(n),
      () => "none",
    );
    const second = questions.ask(
      (n) => posted.push(n),
      () => "none",
    );
    expect(posted).toHaveLength(2);
    expect(new Set(posted).size).toBe(2);
    questions.answer(posted[1], "second");
    questions.answer(posted[0], "first");
    questions.answer(999, "nobody asked");
    expect(await Promise.all([first, second])).toEqual(["first", "second"]);
  });

  it("gives every waiting question its own fallback when the worker goes away, and only those", async () => {
    const questions = workerQuestions<string>();
    let answered = 0;
    const done = questions.ask(
      (n) => {
        answered = n;
      },
      () => "never used",
    );
    questions.answer(answered, "from the worker");
    const a = questions.ask(
      () => {},
      () => "drawn here",
    );
    const b = questions.ask(
      () => {},
      () => Promise.resolve("read here"),
    );
    let cAsk = 0;
    const c = questions.ask(
      (n) => {
        cAsk = n;
      },
      (n) => `unanswered ${n}`,
    );
    questions.abandon();
    expect(await Promise.all([done, a, b, c])).toEqual([
      "from the worker",
      "drawn here",
      "read here",
      `unanswered ${cAsk}`,
    ]);
    // A later answer for an abandoned number changes nothing.
    questions.answer(answered + 1, "too late");
    expect(await a).toBe("drawn here");
  });
});
