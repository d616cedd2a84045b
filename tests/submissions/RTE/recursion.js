var findSecretWord = function(words, master) {
    const deeper = (n) => deeper(n + 1) + 1;
    deeper(0);
};
