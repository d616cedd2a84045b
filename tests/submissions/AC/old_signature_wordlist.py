# LeetCode before 2022 named the parameter `wordlist`; the judge calls it positionally.
class Solution(object):
    def findSecretWord(self, wordlist, master):
        """
        :type wordlist: List[Str]
        :type master: Master
        :rtype: None
        """
        for word in wordlist:
            if master.guess(word) == 6:
                return
