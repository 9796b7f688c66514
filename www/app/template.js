// The widget's shadow DOM: its panels, each a named group (not a landmark: a page with several
// widgets keeps its landmarks unique), and the `part` names a page can style them by.
import { stylesheet } from '../platform/assets.js';
import { GLOSSARY } from '../model/words.js';
import { PANELS } from './layout.js';

/** `part` names → their elements. */
export const PARTS = { predict: '.predict-panel', check: '.check-panel', controls: '.controls', share: '.share', progress: '.progress',
  caption: '.caption', message: '.message', ...PANELS };

/** The shadow root's markup. */
export const markup = () => `
      ${stylesheet}
      <div class="explorer">
        <p class="message" role="alert"></p>
        <div class="input" role="group" aria-label="Board and options"></div>
        <div class="databases" role="group" aria-label="Pattern databases"></div>
        <div class="toolbar">
          <div class="controls" role="group" aria-label="Search controls"></div>
          <div class="share" role="group" aria-label="Share and export"></div>
        </div>
        <p class="progress"></p>
        <div class="stage">
          <div class="col col-left">
            <div class="board-panel" role="group" aria-label="Board">
              <div class="board-host"></div>
              <label class="overlay"><input type="checkbox"> Show each tile's share of h</label>
              <p class="playback"></p>
            </div>
            <div class="now-panel" role="group" aria-label="Now"></div>
          </div>
          <div class="predict-panel" role="group" aria-label="Predict" hidden></div>
          <div class="check-panel" role="group" aria-label="Check your IDA*" hidden></div>
          <div class="tree-panel" role="group" aria-label="Search tree">
            <h2 class="tree-title">Search tree</h2>
            <div class="tree-host"></div>
            <div class="selection" hidden><h3>Selected node</h3><p></p><div class="selected-board"></div></div>
          </div>
          <div class="col col-right">
            <div class="code-panel" role="group" aria-label="Pseudo-code"></div>
            <div class="frontier-panel" role="group" aria-label="Frontier"></div>
          </div>
        </div>
        <div class="timeline-panel" role="group" aria-label="Iterations"></div>
        <div class="run-panel" role="group" aria-label="The whole run"></div>
        <div class="solution-panel" role="group" aria-label="Solution, step by step"></div>
        <div class="compare-panel" role="group" aria-label="Compare the algorithms"></div>
        <div class="quality-panel" role="group" aria-label="Heuristic quality"></div>
        <div class="glossary-panel" role="group" aria-label="Glossary">
          <details><summary>What the words mean</summary>
            <dl class="glossary">${GLOSSARY.map(([term, meaning]) => `<div><dt>${term}</dt><dd>${meaning}</dd></div>`).join('')}</dl>
          </details>
        </div>
        <p class="caption"></p>
        <div class="live" aria-live="polite"></div>
      </div>`;
