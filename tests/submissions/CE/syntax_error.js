var findSecretWord = function(words, master) {
    master.guess(words[0];
};
