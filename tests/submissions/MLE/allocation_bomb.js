var findSecretWord = function(words, master) {
    const hoard = [];
    for (;;) hoard.push(new Array(1 << 20).fill(hoard.length));
};
