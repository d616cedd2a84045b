// needs: LeetCode's JavaScript packages
// Uses what LeetCode's JavaScript offers without a require: lodash as `_`, and the
// @datastructures-js queues.
var findSecretWord = function(words, master) {
    const queue = new Queue(_.uniq(words));
    const byName = new MinPriorityQueue((word) => word.charCodeAt(0));
    while (!queue.isEmpty()) byName.enqueue(queue.dequeue());
    let candidates = [];
    while (!byName.isEmpty()) candidates.push(byName.dequeue());
    const order = new Deque(candidates);
    while (order.size() > 0) {
        const guess = order.popFront();
        const reply = master.guess(guess);
        if (reply === 6) return;
        candidates = _.filter(order.toArray(),
            (w) => _.sumBy(_.range(6), (i) => (w[i] === guess[i] ? 1 : 0)) === reply);
        order.clear();
        candidates.forEach((w) => order.pushBack(w));
    }
};
