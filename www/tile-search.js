// Importing this module defines <tile-search> (once per page, whoever imports it first); the class
// alone, without the definition, is tile-search-element.js. The API is described there.
import { TileSearchElement } from './element/tile-search-element.js';

if (!customElements.get('tile-search')) customElements.define('tile-search', TileSearchElement);

export { TileSearchElement };
