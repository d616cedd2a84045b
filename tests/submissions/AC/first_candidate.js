// Honest and plain, as LeetCode's JavaScript editor shows it (the older parameter name).
var findSecretWord = function(wordlist, master) {
    let candidates = wordlist;
    while (candidates.length > 0) {
        const guess = candidates[0];
        const reply = master.guess(guess);
        if (reply === 6) return;
        candidates = candidates.filter(
            (w) => [...w].filter((c, i) => c === guess[i]).length === reply);
    }
};
