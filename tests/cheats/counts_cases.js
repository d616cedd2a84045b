// counts_cases.py in JavaScript: a module-level count survives between cases that share a
// process.
let calls = 0;

var findSecretWord = function(words, master) {
    master.guess(words[calls++ % words.length]);
};
