public enum LayoutServicePlaceholder {}
