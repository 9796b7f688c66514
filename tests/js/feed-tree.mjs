// Feeds a Solver's packed trace records to a tree model (www/model/tree-model.js) as the
// element does: shared by the tree model's and the iteration outline's tests.
import {
  RECORD_WORDS, KIND, recordKind, recordId, recordParent, recordG, recordH, recordTile, recordPruneThreshold, recordIteration,
} from '../../www/model/trace-records.js';

/** Feeds the packed records `words` (count of them) to `model` as the element does; calls `onIteration(model)` before each new iteration. */
export function feed(model, words, onIteration = () => {}) {
  for (let o = 0; o < words.length; o += RECORD_WORDS) {
    const kind = recordKind(words, o);
    if (kind === KIND.node) model.node(recordId(words, o), recordParent(words, o), recordG(words, o), recordH(words, o), recordTile(words, o));
    else if (kind === KIND.prune) {
      model.prune(recordId(words, o), recordParent(words, o), recordG(words, o), recordH(words, o), recordPruneThreshold(words, o), recordTile(words, o));
    } else if (kind === KIND.generate) model.generate(recordId(words, o), recordParent(words, o), recordG(words, o), recordH(words, o), recordTile(words, o));
    else if (kind === KIND.expand) model.expand(recordId(words, o));
    else if (kind === KIND.skip) model.skip(recordId(words, o), recordParent(words, o), recordG(words, o), recordH(words, o), recordTile(words, o));
    else if (kind === KIND.backtrack) model.backtrack(recordId(words, o));
    else if (kind === KIND.iteration) {
      onIteration(model);
      const { iteration, threshold } = recordIteration(words, o);
      model.startIteration(iteration, threshold);
    } else if (kind === KIND.solved && !model.frontierSearch) model.solve();
  }
}

