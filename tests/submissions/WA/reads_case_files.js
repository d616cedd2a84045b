// needs: sandbox
// A cheat: walks the disk for case files holding this word list and guesses their secret.
// Only the sandbox, which shows the worker no case file, stops it.
var findSecretWord = function(words, master) {
    const fs = require("fs");
    const path = require("path");
    const secret = /"secret"\s*:\s*"([a-z]+)"|^"([a-z]+)"/;
    const walk = (directory, depth) => {
        if (depth > 8) return null;
        let entries;
        try { entries = fs.readdirSync(directory, { withFileTypes: true }); } catch (e) { return null; }
        for (const entry of entries) {
            const full = path.join(directory, entry.name);
            if (entry.isDirectory()) {
                const found = walk(full, depth + 1);
                if (found) return found;
            } else if (/\.(json|txt)$/.test(entry.name)) {
                let text = "";
                try { text = fs.readFileSync(full, "utf8"); } catch (e) { continue; }
                const match = text.match(secret);
                if (match && words.every((w) => text.includes(`"${w}"`))) return match[1] || match[2];
            }
        }
        return null;
    };
    for (const root of ["/tmp", ".", process.env.HOME || "/root"]) {
        const found = walk(root, 0);
        if (found) { master.guess(found); return; }
    }
};
