var findSecretWord = function(words, master) {
    process.exit(1);
};
