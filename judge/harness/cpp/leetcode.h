// What a LeetCode C++ submission sees without asking: its help page on the language
// environments says the standard library headers are included for you and `using namespace
// std;` is in effect, and 843's editor declares Master as below (its `guess` is a plain
// member function; the judge defines it, the submission only calls it).
#include <bits/stdc++.h>
using namespace std;

class Master {
  public:
    int guess(string word);
};
