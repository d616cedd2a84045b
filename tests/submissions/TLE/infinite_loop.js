var findSecretWord = function(words, master) {
    let spins = 0;
    for (;;) spins++;
};
