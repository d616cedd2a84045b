var findSecretWord = function(words, master) {
    master.guess(words[0]);
    throw new TypeError("boom from the solution");
};
