// Master as LeetCode 843's Java editor declares it: an interface the judge implements.
public interface Master {
    public int guess(String word);
}
