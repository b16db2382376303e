// Questions the page asks one of its workers (the sync worker, the QR code worker): each question
// gets a number, the worker's answer carries it back, and when the worker goes away every question
// still waiting gets the answer its asker chose for that case, so no caller waits forever.

export interface WorkerQuestions<Answer> {
  /** Posts a question under a new number (given to `post`); resolves with the worker's answer. */
  ask(
    post: (ask: number) => void,
    unanswered: (ask: number) => Answer | PromiseLike<Answer>,
  ): Promise<Answer>;
  /** Settles the question `ask` with the worker's answer (an unknown number is ignored). */
  answer(ask: number, answer: Answer): void;
  /** The worker went away: every waiting question gets its `unanswered` value. */
  abandon(): void;
}

export function workerQuestions<Answer>(): WorkerQuestions<Answer> {
  let asks = 0;
  const waiting = new Map<
    number,
    {
      resolve: (answer: Answer | PromiseLike<Answer>) => void;
      unanswered: (ask: number) => Answer | PromiseLike<Answer>;
    }
  >();
  return {
    ask: (post, unanswered) =>
      new Promise<Answer>((resolve) => {
        const ask = ++asks;
        waiting.set(ask, { resolve, unanswered });
        post(ask);
      }),
    answer(ask, answer) {
      waiting.get(ask)?.resolve(answer);
      waiting.delete(ask);
    },
    abandon() {
      const left = [...waiting];
      waiting.clear();
      for (const [ask, { resolve, unanswered }] of left) resolve(unanswered(ask));
    },
  };
}
