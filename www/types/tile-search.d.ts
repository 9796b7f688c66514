// The package's main entry: importing it defines <tile-search>.
export * from './tile-search-element.js';
