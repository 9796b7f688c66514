// Predict mode's card: the question about the next event (the core's event, held unrevealed by
// the explorer), its answer controls, the feedback on the last answer and the score. It shows
// only what predict.js's public question holds: the expected answer never reaches the DOM.

/** Labels of the choice buttons, by question kind. */
const CHOICE_LABEL = { prune: (value) => (value === 'yes' ? 'Yes, pruned' : 'No, visited'), 'next-tile': (value) => `Tile ${value}` };
/** The number field's label, by question kind. */
const NUMBER_LABEL = { f: 'f =', 'next-threshold': 'Next threshold', length: 'Moves' };

let uid = 0;

/** The text of an answer's feedback, for the card and the live region alike. */
export const feedbackText = ({ correct, given, expected, explanation }) =>
  (correct ? `Right: ${given}. ${explanation}` : `Not quite: you said ${given}, the answer is ${expected}. ${explanation}`);

export class PredictView {
  #container; #prompt; #form; #choices; #numberRow; #numberLabel; #input; #hint; #feedback; #score;
  #question = null;

  /** `onAnswer(value)`: the student's answer (a choice's value, or the number typed). */
  constructor(container, onAnswer) {
    this.#container = container;
    const id = `tile-search-predict-${uid += 1}`;
    container.innerHTML = `
      <div class="predict-head"><h2>Predict</h2><p class="predict-score" id="${id}-score"></p></div>
      <p class="predict-prompt" id="${id}-prompt"></p>
      <form class="predict-form" aria-labelledby="${id}-prompt" hidden>
        <div class="predict-choices"></div>
        <div class="predict-number">
          <label for="${id}-input"></label>
          <input id="${id}-input" type="text" inputmode="numeric" autocomplete="off" spellcheck="false" aria-describedby="${id}-prompt ${id}-hint">
          <button type="submit" class="primary">Check</button>
        </div>
        <p class="predict-hint" id="${id}-hint" role="alert"></p>
      </form>
      <p class="predict-feedback" hidden></p>`;
    const $ = (selector) => container.querySelector(selector);
    [this.#prompt, this.#form, this.#choices, this.#numberRow, this.#numberLabel, this.#input, this.#hint, this.#feedback, this.#score] =
      ['.predict-prompt', '.predict-form', '.predict-choices', '.predict-number', 'label', 'input', '.predict-hint', '.predict-feedback', '.predict-score'].map($);
    this.#choices.addEventListener('click', (event) => {
      const button = /** @type {HTMLElement} */ (event.target).closest('button');
      if (!button || !this.#question) return;
      const index = Number(button.dataset.index);
      onAnswer(this.#question.choices[index]);
    });
    this.#form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!this.#question || this.#question.choices) return;
      const text = this.#input.value.trim();
      if (!/^\d+$/.test(text)) {
        this.#hint.textContent = 'Type a whole number, such as 21.';
        this.#input.setAttribute('aria-invalid', 'true');
        return;
      }
      onAnswer(Number(text));
    });
  }

  /**
   * `active`: predict mode is on; `question`: the public question or null; `feedback`: the
   * last answer ({correct, given, expected, explanation}) or null; `score`: {asked, correct, streak}.
   */
  render({ active, question, feedback, score }) {
    this.#container.hidden = !active;
    if (!active) return;
    const same = question !== null && this.#question !== null && question.prompt === this.#question.prompt && question.kind === this.#question.kind;
    this.#question = question;
    this.#score.textContent = score.asked === 0 ? 'No answers yet'
      : `Score ${score.correct} of ${score.asked} · streak ${score.streak}`;
    this.#form.hidden = question === null;
    this.#feedback.hidden = feedback === null;
    if (feedback) {
      this.#feedback.textContent = feedbackText(feedback);
      this.#feedback.classList.toggle('right', feedback.correct);
      this.#feedback.classList.toggle('wrong', !feedback.correct);
    }
    if (!question) {
      this.#prompt.textContent = feedback ? '' : 'Step asks before each event it shows: work it out from the board, g, h, f and the threshold.';
      this.#prompt.hidden = Boolean(feedback);
      return;
    }
    this.#prompt.hidden = false;
    this.#prompt.textContent = question.prompt;
    if (same) return; // keep what the student is typing
    this.#hint.textContent = '';
    this.#input.value = '';
    this.#input.removeAttribute('aria-invalid');
    if (question.choices) {
      this.#choices.replaceChildren(...question.choices.map((value, index) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.index = String(index);
        button.textContent = CHOICE_LABEL[question.kind](value);
        return button;
      }));
    } else {
      this.#choices.replaceChildren();
      this.#numberLabel.textContent = NUMBER_LABEL[question.kind];
    }
    this.#choices.hidden = !question.choices;
    this.#numberRow.hidden = Boolean(question.choices);
  }

  /** Moves the keyboard focus to the question's first control. */
  focus() {
    if (!this.#question) return;
    /** @type {HTMLElement} */ (this.#question.choices ? this.#choices.querySelector('button') : this.#input)?.focus();
  }
}
