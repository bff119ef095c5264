// file-type (upload sniffing) and its tokenizer packages ship ES modules only: swc compiles them to
// CommonJS like our own code (Node 20's require(esm) does the same for tsx and node). Every jest
// configuration that loads the services (the main one, the fault tests) uses this one list.
const esmOnlyPackages = [
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer/inflate',
  'uint8array-extras',
  '@borewit/text-codec',
];

module.exports = {
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
};
