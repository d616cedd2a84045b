var findTheSecret = function(words, master) {
    master.guess(words[0]);
};
